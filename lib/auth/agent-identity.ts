import "server-only";
// Who an agent is, from the OAuth access token a person authorized it with (lib/auth/agent-oauth.ts):
// that person, as they are now (a disabled account or a changed role counts at once, not when
// the token expires), through the client they authorized, limited to the scopes they granted.
import { shownClientName } from "./client-registration";
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
  // The person as they are now, the agent's registration, and whether the person's grant to it
  // still stands (revoking it on the account page stops the agent before its token expires).
  const row = await db
    .selectFrom("auth_user as person")
    .innerJoin("auth_oauth_client as client", (join) => join.on("client.clientId", "=", grant.clientId))
    .leftJoin("auth_oauth_consent as consent", (join) =>
      join.onRef("consent.userId", "=", "person.id").on("consent.clientId", "=", grant.clientId),
    )
    .select([
      "person.id",
      "person.name",
      "person.email",
      "person.role",
      "person.banned",
      "person.groups",
      "client.name as clientName",
      "client.disabled as clientDisabled",
      "consent.id as consentId",
      "consent.createdAt as grantedAt",
    ])
    .where("person.id", "=", grant.userId)
    .executeTakeFirst();
  if (!row)
    throw new AppError("unauthorized:access_token", "This agent, or the person who authorized it, is no longer known. Authorize again.");
  if (row.clientDisabled) throw new AppError("unauthorized:access_token", "This agent's registration is disabled.");
  // A token from before the grant that stands now was issued under one the person revoked. Both
  // times are whole seconds, and a token is issued after its grant, in the same second or later.
  const grantedAt = row.grantedAt ? new Date(row.grantedAt).getTime() : Number.NaN;
  if (!row.consentId || grantedAt > grant.issuedAt)
    throw new AppError("unauthorized:access_token", `${row.name} revoked this agent's authorization. Authorize again.`);
  const person = { id: row.id, name: row.name, email: row.email, role: row.role, banned: row.banned, groups: row.groups };
  return { person, client: shownClientName(row.clientName || grant.clientId), scopes: grant.scopes };
}
