import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { SignInForm } from "@/components/auth/sign-in-form";
import { sessionState } from "@/lib/auth/session";
import { pageCaller } from "@/lib/http/page-caller";
import { safeNextPath } from "@/lib/domain/safe-next";
import { agentAuthorization } from "@/lib/auth/agent-authorization";
import { agentName } from "@/lib/auth/agent-consent";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

/** Why the front door or the identity provider sent the browser here. */
const NOTICES: Record<string, string> = {
  "unauthorized:session": "Your session reached its maximum age. Sign in again.",
  "unauthorized:disabled": "This account is disabled. Ask an admin.",
  "unauthorized:token": "Your session is no longer valid. Sign in again.",
};

type Search = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined): string | undefined => (typeof value === "string" ? value : undefined);

export default async function LoginPage({ searchParams }: { searchParams: Promise<Search> }): Promise<ReactNode> {
  const search = await searchParams;
  const [next, reason, error, description] = [one(search.next), one(search.reason), one(search.error), one(search.error_description)];
  // An agent's authorization request (OAuth, lib/auth/agent-oauth.ts) sends a signed-out person
  // here with its parameters; once signed in, the browser asks again, as the person.
  const authorizing = agentAuthorization(search);
  const returnTo = safeNextPath(authorizing ?? next ?? null);
  const agent = authorizing && typeof search.client_id === "string" ? await agentName(search.client_id) : undefined;
  const intro = agent ? `${agent}, an MCP client, asks to act as you through Toolscope. Sign in, then decide whether to allow it.` : null;
  const state = await sessionState(await pageCaller());
  const notice = (reason && NOTICES[reason]) || (error ? `Single sign-on failed: ${description || error.replaceAll("_", " ")}.` : null);
  return (
    <div className="flex h-full items-start justify-center pt-[15vh]">
      {state.mode === "local" ? (
        <div className="w-[380px] rounded-xl border border-zinc-200 bg-white p-6 text-[13px] shadow-sm dark:border-zinc-800 dark:bg-zinc-950">
          <h1 className="text-base font-semibold tracking-tight">No sign-in needed</h1>
          <p className="mt-2 text-muted">
            Toolscope runs in local mode: no accounts and no token, answering this machine only. Create an account with{" "}
            <code className="font-mono">npm run user:create</code> to host it for a team.
          </p>
          <Link href={returnTo} className="mt-4 inline-block text-indigo-600 hover:underline dark:text-indigo-400">
            Continue →
          </Link>
        </div>
      ) : (
        <SignInForm returnTo={returnTo} offers={state.signIn} notice={notice} intro={intro} />
      )}
    </div>
  );
}
