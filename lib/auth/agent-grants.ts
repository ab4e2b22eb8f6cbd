import "server-only";
// The agents a person has allowed to act as them (OAuth for /mcp, lib/auth/agent-oauth.ts), and
// taking that back. A grant is better-auth's consent row: while it stands, the agent's tokens
// work (lib/auth/agent-identity.ts checks it on every request); revoking deletes it and revokes
// the agent's refresh tokens, so the agent stops at once and must ask the person again.
import { shownClientName } from "./client-registration";
import { recordEvent } from "@/lib/audit/events";
import { database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Caller } from "../domain/roles";
import type { AgentGrant } from "./agent-grants-shape";

export type { AgentGrant } from "./agent-grants-shape";

/** A better-auth string[] column as read: an array (PostgreSQL's jsonb) or its JSON text (SQLite). */
export function storedStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  try {
    const parsed: unknown = typeof value === "string" ? JSON.parse(value) : [];
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function iso(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

export async function agentGrants(userId: string): Promise<AgentGrant[]> {
  const db = await database();
  const rows = await db
    .selectFrom("auth_oauth_consent as consent")
    .innerJoin("auth_oauth_client as client", "client.clientId", "consent.clientId")
    .select(["consent.clientId", "client.name", "client.uri", "consent.scopes", "consent.updatedAt", "consent.createdAt"])
    .where("consent.userId", "=", userId)
    .execute();
  return rows
    .map((row) => ({
      clientId: row.clientId,
      name: shownClientName(row.name || row.clientId),
      uri: row.uri,
      scopes: storedStrings(row.scopes),
      grantedAt: iso(row.updatedAt ?? row.createdAt),
    }))
    .sort((a, b) => b.grantedAt.localeCompare(a.grantedAt));
}

/** Takes back the caller's grant to an agent: its tokens stop working at once. */
export async function revokeAgentGrant(clientId: string, caller: Caller): Promise<void> {
  if (!caller.userId) throw new AppError("bad_request:no_account");
  const grant = (await agentGrants(caller.userId)).find((g) => g.clientId === clientId);
  if (!grant) throw new AppError("not_found:agent_grant");
  const db = await database();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("auth_oauth_consent").where("clientId", "=", clientId).where("userId", "=", caller.userId).execute();
    await trx
      .updateTable("auth_oauth_refresh_token")
      .set({ revoked: new Date().toISOString() })
      .where("clientId", "=", clientId)
      .where("userId", "=", caller.userId!)
      .where("revoked", "is", null)
      .execute();
  });
  await recordEvent("agent_authorization_revoked", caller, { subject: clientId, name: grant.name });
}
