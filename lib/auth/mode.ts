import "server-only";
// How Toolscope decides who may use it:
// - local: no accounts, no token, no single sign-on. Only this machine may ask, and whoever
//   does is the one local user with every right: the zero-setup mode a developer starts in.
// - token: TOOLSCOPE_API_TOKEN is set and nobody has an account. Scripts send the token;
//   browsers sign in with it. One user, as before people existed.
// - accounts: someone has an account (`npm run user:create`) or single sign-on is configured.
//   Everyone signs in as themselves; TOOLSCOPE_API_TOKEN stays the bootstrap admin's token.
import { configuredApiToken } from "@/lib/auth/bootstrap-token";
import { appConfig } from "@/lib/config/env";
import { database } from "@/lib/db";
import { processWide } from "@/lib/process-wide";
import { peopleRows } from "@/lib/db/people";

export type AuthMode = "local" | "token" | "accounts";

/** How often a process not yet in accounts mode looks for a first account created elsewhere (the CLI). */
const RECHECK_MS = 1_000;

const state = processWide("auth-mode", () => ({ hasAccounts: false, checkedAt: 0, checking: undefined as Promise<boolean> | undefined }));

async function peopleExist(): Promise<boolean> {
  const db = await database();
  const row = await peopleRows(db).select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Accounts, once any exist, stay: nobody is ever deleted, only disabled. */
async function hasAccounts(now: number): Promise<boolean> {
  if (state.hasAccounts || appConfig().auth.oidc) return true;
  if (now - state.checkedAt < RECHECK_MS) return false;
  state.checking ??= peopleExist().finally(() => {
    state.checkedAt = Date.now();
    state.checking = undefined;
  });
  state.hasAccounts = await state.checking;
  return state.hasAccounts;
}

export async function authMode(now = Date.now()): Promise<AuthMode> {
  if (await hasAccounts(now)) return "accounts";
  return configuredApiToken() ? "token" : "local";
}

/** Called when this process creates the first account, so it need not wait for the recheck. */
export function accountsNowExist(): void {
  state.hasAccounts = true;
}
