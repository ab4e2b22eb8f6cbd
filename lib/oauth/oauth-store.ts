import "server-only";
// Where OAuth state is kept: the client registered at each authorization server, each
// principal's tokens, and authorizations under way. All of it is sealed at rest
// (lib/crypto/secret-box.ts) and bound to its row, so a value cannot be moved to another
// server or person. Grants are read on every request a connection sends, so they are cached
// in the process and the cache is dropped whenever this process writes one.
import type { OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from "@modelcontextprotocol/client";
import { clusterBus } from "@/lib/cluster";
import { seal, unseal } from "@/lib/crypto/secret-box";
import { database } from "@/lib/db";
import { processWide } from "@/lib/process-wide";
import type { StoredDpopKey } from "./dpop";

/** Whose authorization: a person's id, or SHARED for one authorization that serves everyone. */
export type Principal = string;
export const SHARED: Principal = "shared";

export type StoredClient = {
  information: StoredOAuthClientInformation;
  /** The redirect URI it was registered with: a registration made for another one is not reused. */
  redirectUri: string | null;
  /** How it came to be: dynamic registration, a client ID metadata document, or entered by hand. */
  via: "registration" | "metadata-document" | "settings";
};

export type Grant = {
  tokens?: StoredOAuthTokens;
  /** The MCP server URL the tokens were obtained for: they are never sent to another. */
  serverUrl?: string;
  /** When the tokens were saved, for their expiry (expires_in counts from then). */
  savedAt?: string;
  /** The scope asked for when they were obtained (the server may grant less, or not say). */
  requestedScope?: string;
  discovery?: OAuthDiscoveryState;
  /** The key DPoP-bound tokens were bound to (dpop.ts): they are worthless without it. */
  dpop?: StoredDpopKey;
};

export type Flow = {
  serverId: string;
  principal: Principal;
  userId: string | null;
  codeVerifier: string;
  discovery?: OAuthDiscoveryState;
  scope?: string;
  /** Where the browser goes back to afterwards (a same-origin path). */
  returnTo: string;
  /** The redirect URI the authorization request named; the token request must name it again. */
  redirectUri: string;
  /** The MCP server challenged with the DPoP scheme: the tokens are asked for bound (lib/oauth/dpop.ts). */
  dpopChallenged?: boolean;
};

const FLOW_TTL_MS = 10 * 60_000;

const grantPurpose = (serverId: string, principal: Principal): string => `oauth-grant:${serverId}:${principal}`;
const clientPurpose = (serverId: string, issuer: string): string => `oauth-client:${serverId}:${issuer}`;
const flowPurpose = (state: string): string => `oauth-flow:${state}`;

const cache = processWide("oauth-grants", () => new Map<string, Grant | null>());
/** Bumped by every write: a read that began before a write must not cache what it read. */
const versions = processWide("oauth-grant-versions", () => new Map<string, number>());
const key = (serverId: string, principal: Principal): string => `${serverId}\n${principal}`;

export async function readGrant(serverId: string, principal: Principal): Promise<Grant | undefined> {
  const k = key(serverId, principal);
  if (cache.has(k)) return cache.get(k) ?? undefined;
  const version = versions.get(k) ?? 0;
  const db = await database();
  const row = await db
    .selectFrom("oauth_grants")
    .select("payload")
    .where("server_id", "=", serverId)
    .where("principal", "=", principal)
    .executeTakeFirst();
  let grant: Grant | undefined;
  if (row) {
    try {
      grant = JSON.parse(unseal(row.payload, grantPurpose(serverId, principal))) as Grant;
    } catch (error) {
      console.error(
        `[toolscope] ignoring the stored authorization for server "${serverId}": it cannot be decrypted with this key: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  if ((versions.get(k) ?? 0) === version) cache.set(k, grant ?? null);
  return grant;
}

/**
 * Drops the cached grant: another process on the database changed it (lib/cluster). `revoked`:
 * it was deleted for good, as by revokeGrant here.
 */
export function forgetCachedGrant(serverId: string, principal: Principal, revoked = false): void {
  const k = key(serverId, principal);
  versions.set(k, (versions.get(k) ?? 0) + 1);
  cache.delete(k);
  if (revoked) generations.set(k, (generations.get(k) ?? 0) + 1);
}

/** Drops every cached grant (notifications may have been missed: lib/cluster). */
export function forgetAllCachedGrants(): void {
  for (const k of cache.keys()) versions.set(k, (versions.get(k) ?? 0) + 1);
  cache.clear();
}

/** Bumped by every revoke: tokens an authorization in flight brings back after it are not kept. */
const generations = processWide("oauth-grant-generations", () => new Map<string, number>());

export function grantGeneration(serverId: string, principal: Principal): number {
  return generations.get(key(serverId, principal)) ?? 0;
}

/** Deletes a grant for good: a refresh under way when it happens does not bring it back. */
export async function revokeGrant(serverId: string, principal: Principal): Promise<void> {
  const k = key(serverId, principal);
  generations.set(k, (generations.get(k) ?? 0) + 1);
  await updateGrant(serverId, principal, () => null);
}

/** Changes a grant: `change` gets the stored one (or an empty one) and answers the new one, or null to delete it. */
export async function updateGrant(serverId: string, principal: Principal, change: (grant: Grant) => Grant | null): Promise<void> {
  const next = change({ ...((await readGrant(serverId, principal)) ?? {}) });
  const db = await database();
  const k = key(serverId, principal);
  // The new grant is what this process uses from now on, before the write lands: requests
  // sent meanwhile must not read (and cache) the old one.
  versions.set(k, (versions.get(k) ?? 0) + 1);
  const empty = next === null || (next.tokens === undefined && next.discovery === undefined);
  cache.set(k, empty ? null : next);
  if (empty) {
    await db.deleteFrom("oauth_grants").where("server_id", "=", serverId).where("principal", "=", principal).execute();
    void clusterBus()?.broadcast("invalidate", { what: "oauth-grant", serverId, principal });
    return;
  }
  const sealed = seal(JSON.stringify(next), grantPurpose(serverId, principal));
  const now = new Date().toISOString();
  await db
    .insertInto("oauth_grants")
    .values({ server_id: serverId, principal, payload: sealed, updated_at: now })
    .onConflict((oc) => oc.columns(["server_id", "principal"]).doUpdateSet({ payload: sealed, updated_at: now }))
    .execute();
  void clusterBus()?.broadcast("invalidate", { what: "oauth-grant", serverId, principal });
}

/** Every principal holding tokens for a server (for the server page's list). */
export async function grantPrincipals(serverId: string): Promise<{ principal: Principal; updatedAt: string }[]> {
  const db = await database();
  const rows = await db.selectFrom("oauth_grants").select(["principal", "updated_at"]).where("server_id", "=", serverId).execute();
  return rows.map((r) => ({ principal: r.principal, updatedAt: r.updated_at }));
}

/** Forgets everything OAuth about a server (it was removed). */
export async function forgetServer(serverId: string): Promise<void> {
  const db = await database();
  await db.deleteFrom("oauth_grants").where("server_id", "=", serverId).execute();
  await db.deleteFrom("oauth_clients").where("server_id", "=", serverId).execute();
  await db.deleteFrom("oauth_flows").where("server_id", "=", serverId).execute();
  for (const k of [...cache.keys()])
    if (k.startsWith(`${serverId}\n`)) {
      cache.delete(k);
      versions.set(k, (versions.get(k) ?? 0) + 1);
    }
}

export async function readClient(serverId: string, issuer: string): Promise<StoredClient | undefined> {
  const db = await database();
  const row = await db
    .selectFrom("oauth_clients")
    .select("payload")
    .where("server_id", "=", serverId)
    .where("issuer", "=", issuer)
    .executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(unseal(row.payload, clientPurpose(serverId, issuer))) as StoredClient;
  } catch {
    return undefined;
  }
}

export async function saveClient(serverId: string, issuer: string, client: StoredClient | null): Promise<void> {
  const db = await database();
  if (client === null) {
    await db.deleteFrom("oauth_clients").where("server_id", "=", serverId).where("issuer", "=", issuer).execute();
    return;
  }
  const sealed = seal(JSON.stringify(client), clientPurpose(serverId, issuer));
  const now = new Date().toISOString();
  await db
    .insertInto("oauth_clients")
    .values({ server_id: serverId, issuer, payload: sealed, updated_at: now })
    .onConflict((oc) => oc.columns(["server_id", "issuer"]).doUpdateSet({ payload: sealed, updated_at: now }))
    .execute();
}

export async function saveFlow(state: string, flow: Flow): Promise<void> {
  const db = await database();
  const now = Date.now();
  const expiresAt = new Date(now + FLOW_TTL_MS).toISOString();
  // Abandoned flows are not kept: each new one clears the expired ones.
  await db.deleteFrom("oauth_flows").where("expires_at", "<", new Date(now).toISOString()).execute();
  await db
    .insertInto("oauth_flows")
    .values({
      state,
      server_id: flow.serverId,
      principal: flow.principal,
      user_id: flow.userId,
      payload: seal(JSON.stringify(flow), flowPurpose(state)),
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt,
    })
    .execute();
}

/**
 * Takes out the flow `state` names if `userId` began it (a state is good for one callback), or
 * undefined when there is none, it expired, or someone else began it (whose flow stays theirs).
 */
export async function takeFlow(state: string, userId: string | null): Promise<Flow | undefined> {
  const db = await database();
  const row = await db
    .deleteFrom("oauth_flows")
    .where("state", "=", state)
    .where("user_id", userId === null ? "is" : "=", userId)
    .returning(["payload", "expires_at"])
    .executeTakeFirst();
  if (!row || row.expires_at < new Date().toISOString()) return undefined;
  try {
    return JSON.parse(unseal(row.payload, flowPurpose(state))) as Flow;
  } catch {
    return undefined;
  }
}
