import "server-only";
// Who an agent is, from the OAuth access token a person authorized it with (lib/auth/agent-oauth.ts):
// that person, as they are now (a disabled account or a changed role counts at once, not when
// the token expires), through the client they authorized, limited to the scopes they granted.
import { createDpopReplayStore } from "better-auth/oauth2";
import type { JWK } from "jose";
import { database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { processWide } from "@/lib/process-wide";
import { auth } from "./better-auth";
import { verifyAgentToken, type KeySource } from "./agent-oauth";
import type { TokenOwner } from "./personal-tokens";

export type AgentRequest = { headers: Headers; method: string; url: string };

/** The person behind the token, in the shape a personal token's owner has. */
export type AgentPerson = TokenOwner;

const state = processWide("agent-token-keys", () => ({ keys: undefined as Promise<KeySource> | undefined }));

/** Verification reads the signing keys in process, from the database every replica shares. */
function keySource(): Promise<KeySource> {
  state.keys ??= auth().then(async (instance) => {
    const api = instance.api as unknown as { getJwks(): Promise<{ keys: JWK[] }> };
    return { jwks: () => api.getJwks(), replayStore: createDpopReplayStore((await instance.$context).internalAdapter) };
  });
  return state.keys;
}

/** The person and the agent behind an access token presented at /mcp. */
export async function agentGrantee(
  bearer: string,
  request: AgentRequest,
): Promise<{ person: AgentPerson; client: string; scopes: ("read" | "call")[] }> {
  const grant = await verifyAgentToken(
    {
      authorizationHeader: request.headers.get("authorization") ?? `Bearer ${bearer}`,
      dpopProofJwt: request.headers.get("dpop"),
      method: request.method,
      url: request.url,
    },
    await keySource(),
  );
  const db = await database();
  const person = await db
    .selectFrom("auth_user")
    .select(["id", "name", "email", "role", "banned", "groups"])
    .where("id", "=", grant.userId)
    .executeTakeFirst();
  if (!person) throw new AppError("unauthorized:access_token", "The person who authorized this agent no longer has an account.");
  const client = await db
    .selectFrom("auth_oauth_client")
    .select(["name", "disabled"])
    .where("clientId", "=", grant.clientId)
    .executeTakeFirst();
  if (!client || client.disabled)
    throw new AppError("unauthorized:access_token", "This agent's registration was removed or disabled. Authorize again.");
  return { person, client: client.name || grant.clientId, scopes: grant.scopes };
}
