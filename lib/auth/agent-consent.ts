import "server-only";
// What the consent page shows a person before they let an agent act as them (OAuth,
// lib/auth/agent-oauth.ts): the client as it registered itself, where the grant will be sent,
// what it may do, and as whom. The page's decision goes to better-auth's consent endpoint,
// which checks the request's signature and issues the code.
import { database } from "@/lib/db";
import { ROLE_LABELS, type Caller } from "../domain/roles";
import type { ConsentRequest } from "./agent-consent-shape";
import { storedStrings } from "./agent-grants";
import { MAX_METADATA_VALUE, shownClientName } from "./client-registration";

export type { ConsentRequest } from "./agent-consent-shape";

/** What each scope lets the agent do, in the order shown; calling implies seeing. */
const ABILITIES: { ability: string; grantedBy: string[] }[] = [
  { ability: "See the servers and tools you can see", grantedBy: ["read", "call"] },
  {
    ability: "Call the tools you may call, as you: recorded in the audit log under your name, and held for approval where a policy says so",
    grantedBy: ["call"],
  },
  {
    ability: "Stay connected for up to 30 days without asking you again (revoke it any time on your account page)",
    grantedBy: ["offline_access"],
  },
];

export async function consentRequest(search: Record<string, string | string[] | undefined>, caller: Caller): Promise<ConsentRequest> {
  const one = (name: string): string | undefined => (typeof search[name] === "string" ? search[name] : undefined);
  const clientId = one("client_id");
  const redirectUri = one("redirect_uri");
  if (!clientId || !redirectUri || !one("sig"))
    return {
      ok: false,
      message: "This page is reached from an agent's authorization request, and this one is incomplete. Start again from the agent.",
    };
  const db = await database();
  const client = await db.selectFrom("auth_oauth_client").selectAll().where("clientId", "=", clientId).executeTakeFirst();
  // The query's client_id is anyone's to write: it is not repeated on Toolscope's page.
  if (!client || client.disabled)
    return { ok: false, message: "No agent is registered under the id this request names. Start again from the agent." };
  if (!storedStrings(client.redirectUris).includes(redirectUri))
    return { ok: false, message: "The agent asked to be answered at an address it did not register. Nothing was granted." };
  let redirectTo = redirectUri;
  try {
    const url = new URL(redirectUri);
    redirectTo = url.protocol === "http:" || url.protocol === "https:" ? url.host : `${url.protocol}//${url.host}`;
  } catch {
    // Shown as written.
  }
  const scopes = (one("scope") ?? "").split(" ").filter(Boolean);
  return {
    ok: true,
    client: {
      id: clientId,
      name: shownClientName(client.name || clientId),
      // One longer than registration now accepts (stored before the limit) is not shown.
      uri: client.uri && client.uri.length <= MAX_METADATA_VALUE ? client.uri : null,
    },
    redirectTo,
    abilities: ABILITIES.filter(({ grantedBy }) => grantedBy.some((scope) => scopes.includes(scope))).map(({ ability }) => ability),
    resource: one("resource") ?? null,
    person: { name: caller.name, email: caller.email, role: caller.role ? ROLE_LABELS[caller.role] : "none" },
  };
}

/** The name an agent registered under, for the sign-in page it was sent to; undefined when unknown. */
export async function agentName(clientId: string): Promise<string | undefined> {
  const db = await database();
  const client = await db.selectFrom("auth_oauth_client").select(["name", "disabled"]).where("clientId", "=", clientId).executeTakeFirst();
  return client && !client.disabled ? shownClientName(client.name || clientId) : undefined;
}
