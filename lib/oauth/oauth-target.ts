import "server-only";
// Whose authorization a request uses, and the provider a connection is given. Until people have
// accounts there is one principal, SHARED. Once they do, each person authorizes for themselves
// (their calls use their token) unless an admin set the server's authorization to shared;
// client_credentials and workload identity are always shared (no person is involved).
import { auth, extractWWWAuthenticateParams, UnauthorizedError, type AuthProvider, type FetchLike } from "@modelcontextprotocol/client";
import { appConfig } from "@/lib/config/env";
import { processWide } from "@/lib/process-wide";
import { legacyIssuerAccepted } from "./legacy-issuer";
import { authMode } from "@/lib/auth/mode";
import type { Caller } from "@/lib/domain/roles";
import { machineGrant, type UrlConfig } from "@/lib/domain/server-config";
import { transportFetch } from "@/lib/oauth/transport-fetch";
import { journalFetch, journalFor } from "./journal";
import { ToolscopeOAuthProvider, type ProviderRole } from "./oauth-provider";
import { AuthorizationRequired } from "./authorization-required";
import { forgetGrantIfAuthorizationServerChanged } from "./authorization-server-change";
import { challengeScheme, withBoundDpop } from "./dpop";
import { forgetCachedGrant, grantGeneration, SHARED, type Principal } from "./oauth-store";
import { withClusterLock } from "@/lib/cluster/lock";

export const CALLBACK_PATH = "/oauth/callback";
export const CLIENT_METADATA_PATH = "/oauth/client-metadata.json";

export function callbackUrl(): string {
  return `${appConfig().publicUrl}${CALLBACK_PATH}`;
}

/** Whether a server's authorization is one for everyone, whoever asks. */
export function sharedOnly(config: UrlConfig): boolean {
  return machineGrant(config.oauth?.grant) || config.oauth?.sharing === "shared";
}

/** The principal a caller's requests to a server use. */
export async function principalFor(config: UrlConfig, caller: Caller | undefined): Promise<Principal> {
  if (!caller?.userId || sharedOnly(config)) return SHARED;
  return (await authMode()) === "accounts" ? caller.userId : SHARED;
}

/**
 * Whether the shared authorization may be used: always until people have accounts, and then
 * only where an admin chose it. (Tokens a developer got on their laptop do not become everyone's
 * when the Toolscope is later shared.)
 */
export async function sharedAuthorizationInUse(config: UrlConfig): Promise<boolean> {
  return sharedOnly(config) || (await authMode()) !== "accounts";
}

/**
 * The fetch every OAuth request goes through: the outbound guard, without the server's own
 * headers, recorded in the principal's journal.
 */
export function oauthFetch(config: UrlConfig, principal: Principal): FetchLike {
  return journalFetch(transportFetch, journalFor(config.id, principal), config.url);
}

/** Refreshes under way, and when the last one succeeded, per server and principal. */
const refreshes = processWide("oauth-refreshes", () => ({ running: new Map<string, Promise<void>>(), endedAt: new Map<string, number>() }));
/** A 401 this soon after a refresh ended was answered to a request sent with the old token: just retry. */
const JUST_REFRESHED_MS = 3_000;

/**
 * What a connection's transport is given: the bearer token, and on a 401 the SDK's auth() (a
 * refresh, usually). Concurrent 401s share one refresh: authorization servers rotate refresh
 * tokens, and a second refresh with the one just used would be refused and lose the grant.
 * Across replicas on one database, a refresh holds a lock (lib/cluster/lock.ts), and a process
 * that waited for it finds the tokens another one just got, rather than refreshing again.
 */
export function connectionAuthProvider(
  config: UrlConfig,
  principal: Principal,
): AuthProvider & { withDpop: (next: FetchLike) => FetchLike } {
  const provider = oauthProvider(config, principal, { kind: "connection" });
  const key = `${config.id}\n${principal}`;
  return {
    // The same tokens as token() (the provider decides whose may be sent where), DPoP-bound ones with a proof.
    withDpop: (next) => withBoundDpop(provider, next),
    token: async () => (await provider.tokens())?.access_token,
    onUnauthorized: async (ctx) => {
      provider.generation = grantGeneration(config.id, principal);
      const running = refreshes.running.get(key);
      if (running) return running;
      if (Date.now() - (refreshes.endedAt.get(key) ?? 0) < JUST_REFRESHED_MS && (await provider.tokens())) return;
      // `refused`: the token this process holds now. Once the lock is ours, another token in
      // the database means another replica refreshed meanwhile: that one is used.
      const refresh = async (refused: string | undefined): Promise<void> => {
        forgetCachedGrant(config.id, principal);
        const current = (await provider.tokens())?.access_token;
        if (current && current !== refused) {
          refreshes.endedAt.set(key, Date.now());
          return;
        }
        const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(ctx.response);
        provider.dpopChallenged = challengeScheme(ctx.response) === "dpop";
        // Before refreshing: tokens are only refreshed where they came from, and only while the
        // server still names that authorization server.
        const change = await forgetGrantIfAuthorizationServerChanged({
          config,
          principal,
          resourceMetadataUrl,
          fetchFn: oauthFetch(config, principal),
        });
        if (change)
          throw new AuthorizationRequired(
            `Authorization required: ${config.name} now uses the authorization server ${change.to} (it was ${change.from}); authorize again.`,
          );
        const result = await auth(provider, {
          serverUrl: ctx.serverUrl,
          ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
          ...(scope ? { scope } : {}),
          // Not ctx.fetchFn: it adds the server's configured headers (an API key, say) to every
          // request, and these go to whatever authorization server the metadata names.
          fetchFn: oauthFetch(config, principal),
          skipIssuerMetadataValidation: legacyIssuerAccepted(config),
        });
        if (result !== "AUTHORIZED") throw new UnauthorizedError();
        refreshes.endedAt.set(key, Date.now());
      };
      const work = (async () => {
        const refused = (await provider.tokens())?.access_token;
        await withClusterLock(`oauth-refresh:${key}`, () => refresh(refused));
      })();
      refreshes.running.set(key, work);
      try {
        await work;
      } finally {
        refreshes.running.delete(key);
      }
    },
  };
}

export function oauthProvider(config: UrlConfig, principal: Principal, role: ProviderRole): ToolscopeOAuthProvider {
  return new ToolscopeOAuthProvider(
    {
      serverId: config.id,
      serverUrl: config.url,
      principal,
      settings: config.oauth,
      redirectUrl: callbackUrl(),
      clientMetadataUrl: appConfig().oauthClientMetadataUrl,
      journal: journalFor(config.id, principal),
      sharedInUse: principal === SHARED ? () => sharedAuthorizationInUse(config) : async () => true,
      fetchFn: oauthFetch(config, principal),
    },
    role,
  );
}
