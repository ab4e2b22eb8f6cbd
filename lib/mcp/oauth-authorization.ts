import "server-only";
// Authorizing Toolscope at a server that asks for OAuth, as a person does it from the browser:
// begin (discovery, registration, the authorization request with PKCE, a flow kept under its
// state), then the callback (the flow taken back by the person who began it, the code exchanged
// for tokens) and the connection becomes ready without a restart. Revoking forgets the tokens.
// The OAuth work itself is the SDK's auth(); this file decides who, where and when.
import { auth, computeScopeUnion } from "@modelcontextprotocol/client";
import { recordEvent } from "@/lib/audit/events";
import { clusterBus } from "@/lib/cluster";
import { can, type Caller } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import { safeNextPath } from "@/lib/domain/safe-next";
import type { ServerConnection } from "@/lib/mcp/connection";
import { connectionFor, connectionsOf, personalConnection } from "@/lib/mcp/pool";
import type { UrlConfig } from "@/lib/domain/server-config";
import { journalEntries, journalFor } from "../oauth/journal";
import { legacyIssuerAccepted } from "../oauth/legacy-issuer";
import type { AuthorizationView } from "@/lib/domain/oauth-journal-types";
import { oauthFetch, oauthProvider, principalFor, sharedAuthorizationInUse, sharedOnly } from "../oauth/oauth-target";
import { readClient, readGrant, revokeGrant, saveFlow, SHARED, takeFlow, type Principal } from "../oauth/oauth-store";

function urlConfigOf(connection: ServerConnection): UrlConfig {
  if (connection.config.transport === "stdio")
    throw new AppError("bad_request:oauth", `${connection.config.name} runs as a command: OAuth is for servers reached by URL.`);
  return connection.config;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whose authorization `target` names for a caller: "me" (their own, or the only one), or "shared" (admins). */
async function principalOf(config: UrlConfig, caller: Caller, target: "me" | "shared"): Promise<Principal> {
  if (target === "shared" || sharedOnly(config)) {
    if ((await sharedAuthorizationInUse(config)) && (caller.userId === null || can(caller, "servers:manage"))) return SHARED;
    if (target === "shared" || !can(caller, "servers:manage"))
      throw new AppError(
        "forbidden:role",
        sharedOnly(config)
          ? "This server has one authorization for everyone: only an admin may authorize or revoke it."
          : "Each person authorizes this server for themselves; an admin can choose one shared authorization in its OAuth settings.",
      );
    return SHARED;
  }
  const principal = await principalFor(config, caller);
  if (principal === SHARED && !(await sharedAuthorizationInUse(config)))
    throw new AppError("forbidden:role", "Each person authorizes this server for themselves: sign in with an account to authorize it.");
  return principal;
}

/** Whether every scope in `wanted` is in `have` (space-separated lists). */
function covers(have: string | undefined, wanted: string): boolean {
  const held = new Set((have ?? "").split(" ").filter(Boolean));
  return wanted
    .split(" ")
    .filter(Boolean)
    .every((scope) => held.has(scope));
}

export type BeginResult = { kind: "redirect"; authorizationUrl: string } | { kind: "authorized" };

/**
 * Starts an authorization for a caller. `scope`: what to ask for (a step-up names the larger
 * scope); by default what the server last asked for, else what its metadata lists.
 */
export async function beginAuthorization(
  serverId: string,
  caller: Caller,
  options: { scope?: string | undefined; returnTo?: string | undefined; target?: "me" | "shared" },
): Promise<BeginResult> {
  const shared = await connectionFor(serverId);
  const config = urlConfigOf(shared);
  const principal = await principalOf(config, caller, options.target ?? "me");
  const connection = principal === SHARED ? shared : personalConnection(shared, principal);
  const challenge = connection.lastChallenge() ?? shared.lastChallenge();
  const grant = await readGrant(serverId, principal);
  // A 403 asks for more than was granted: a step-up, like one a call asked for.
  const stepUp = options.scope ?? (challenge?.status === 403 && grant?.tokens ? challenge.scope : undefined);
  if (stepUp !== undefined && grant?.tokens && covers(grant.requestedScope ?? grant.tokens.scope, stepUp)) {
    // Asking again for what was already asked for (and granted or not) loops: stop here.
    journalFor(serverId, principal).record({
      step: "step-up",
      ok: false,
      summary: `Not asking again: Toolscope already asked for ${stepUp} and the server still refuses`,
    });
    throw new AppError(
      "bad_request:oauth",
      `Toolscope already asked for "${stepUp}" and ${config.name} still refuses: the authorization server may not grant it to you. Revoke and authorize again to start over.`,
    );
  }
  // A step-up keeps what was granted before (the spec asks for the union).
  const scope = stepUp
    ? computeScopeUnion(grant?.requestedScope ?? grant?.tokens?.scope, stepUp)
    : (config.oauth?.scope ?? challenge?.scope);
  const dpopChallenged = challenge?.scheme === "dpop";
  const provider = oauthProvider(config, principal, {
    kind: "authorize",
    ...(scope ? { scope } : {}),
    ...(dpopChallenged ? { dpopChallenged } : {}),
  });
  const journal = journalFor(serverId, principal);
  let result;
  try {
    result = await auth(provider, {
      serverUrl: config.url,
      ...(scope ? { scope } : {}),
      ...(challenge?.resourceMetadataUrl ? { resourceMetadataUrl: new URL(challenge.resourceMetadataUrl) } : {}),
      fetchFn: oauthFetch(config, principal),
      skipIssuerMetadataValidation: legacyIssuerAccepted(config),
      // Someone clicked Authorize: they mean the authorization server (a refresh would not widen a
      // scope, and the connection refreshes by itself), so a refresh token is not used here. It is
      // the one the server names now: the provider's authorize role discovers afresh.
      forceReauthorization: true,
    });
  } catch (error) {
    journal.record({ step: "failure", ok: false, summary: `Could not start the authorization: ${describe(error)}` });
    throw new AppError("bad_request:oauth", `Could not start the authorization with ${config.name}: ${describe(error)}`);
  }
  if (result === "AUTHORIZED") {
    await authorized(config, principal, caller, connection);
    return { kind: "authorized" };
  }
  const state = provider.pendingState;
  const verifier = provider.takeVerifier();
  if (!provider.authorizationUrl || !state || !verifier) throw new AppError("internal:unexpected");
  await saveFlow(state, {
    serverId,
    principal,
    userId: caller.userId,
    codeVerifier: verifier,
    ...(provider.currentDiscovery() ? { discovery: provider.currentDiscovery() } : {}),
    ...(scope ? { scope } : {}),
    returnTo: safeNextPath(options.returnTo ?? `/servers/${encodeURIComponent(serverId)}`),
    redirectUri: provider.redirectUrl ?? "",
    ...(dpopChallenged ? { dpopChallenged } : {}),
  });
  return { kind: "redirect", authorizationUrl: provider.authorizationUrl.toString() };
}

async function authorized(config: UrlConfig, principal: Principal, caller: Caller, connection: ServerConnection): Promise<void> {
  for (const live of new Set([connection, ...connectionsOf(config.id, principal)])) live.reauthorized();
  void clusterBus()?.broadcast("invalidate", { what: "oauth-authorized", serverId: config.id, principal });
  await recordEvent("server_authorized", caller, {
    serverId: config.id,
    name: config.name,
    authorization: principal === SHARED ? "shared" : "personal",
  });
}

export type CallbackResult = { ok: true; returnTo: string; serverId: string } | { ok: false; message: string; returnTo: string };

/** The authorization server sent the browser back: finish what `state` began, for the person who began it. */
export async function completeAuthorization(params: URLSearchParams, caller: Caller): Promise<CallbackResult> {
  const state = params.get("state");
  const home = "/";
  if (!state) return { ok: false, message: "The authorization server sent the browser back without a state.", returnTo: home };
  // Only the person who began it may finish it: a link that lands someone else here does nothing.
  const flow = await takeFlow(state, caller.userId);
  if (!flow) throw new AppError("not_found:oauth_flow");
  const shared = await connectionFor(flow.serverId);
  const config = urlConfigOf(shared);
  const journal = journalFor(flow.serverId, flow.principal);
  const error = params.get("error");
  if (error) {
    // The error text comes from whoever sent the browser here: shown as text, never as a page.
    const description = params.get("error_description");
    journal.record({
      step: "callback",
      ok: false,
      summary: `The authorization server answered ${error}${description ? `: ${description}` : ""}`,
    });
    return {
      ok: false,
      message: `Not authorized: ${error}${description ? ` (${description.slice(0, 300)})` : ""}`,
      returnTo: flow.returnTo,
    };
  }
  const code = params.get("code");
  if (!code) return { ok: false, message: "The authorization server sent the browser back without a code.", returnTo: flow.returnTo };
  journal.record({
    step: "callback",
    ok: true,
    summary: "Came back with an authorization code; state matched",
    facts: { state: "matched" },
  });
  const provider = oauthProvider(config, flow.principal, { kind: "callback", flow });
  try {
    const iss = params.get("iss");
    await auth(provider, {
      serverUrl: config.url,
      authorizationCode: code,
      ...(iss !== null ? { iss } : {}),
      fetchFn: oauthFetch(config, flow.principal),
      skipIssuerMetadataValidation: legacyIssuerAccepted(config),
    });
  } catch (failure) {
    journal.record({ step: "failure", ok: false, summary: `The token exchange failed: ${describe(failure)}` });
    return { ok: false, message: `The token exchange with the authorization server failed: ${describe(failure)}`, returnTo: flow.returnTo };
  }
  const connection = flow.principal === SHARED ? shared : personalConnection(shared, flow.principal);
  await authorized(config, flow.principal, caller, connection);
  return { ok: true, returnTo: flow.returnTo, serverId: flow.serverId };
}

/** Forgets a principal's tokens for a server; the connection then asks for authorization again. */
export async function revokeAuthorization(serverId: string, caller: Caller, target: "me" | "shared"): Promise<void> {
  const shared = await connectionFor(serverId);
  const config = urlConfigOf(shared);
  const principal = await principalOf(config, caller, target);
  await revokeGrant(serverId, principal);
  journalFor(serverId, principal).record({
    step: "revoked",
    ok: true,
    summary: "Tokens forgotten; the next request asks for authorization again",
  });
  for (const live of connectionsOf(serverId, principal)) await live.restart();
  void clusterBus()?.broadcast("invalidate", { what: "oauth-revoked", serverId, principal });
  await recordEvent("server_authorization_revoked", caller, {
    serverId,
    name: config.name,
    authorization: principal === SHARED ? "shared" : "personal",
  });
}

/** What the OAuth view shows a caller: their authorization's state and the journal of how it came to be. */
export async function authorizationView(serverId: string, caller: Caller): Promise<AuthorizationView> {
  const shared = await connectionFor(serverId);
  const config = urlConfigOf(shared);
  const principal = await principalFor(config, caller);
  const connection = principal === SHARED ? shared : personalConnection(shared, principal);
  const grant = principal !== SHARED || (await sharedAuthorizationInUse(config)) ? await readGrant(serverId, principal) : undefined;
  const tokens = grant?.tokens;
  const issuer =
    tokens?.issuer ?? grant?.discovery?.authorizationServerMetadata?.issuer ?? grant?.discovery?.authorizationServerUrl ?? null;
  const client = config.oauth?.clientId
    ? { id: config.oauth.clientId, via: "settings" }
    : issuer
      ? await readClient(serverId, issuer).then((c) => (c ? { id: c.information.client_id, via: c.via } : null))
      : null;
  const expiresAt =
    tokens?.expires_in !== undefined && grant?.savedAt
      ? new Date(Date.parse(grant.savedAt) + tokens.expires_in * 1000).toISOString()
      : null;
  return {
    principal: principal === SHARED ? "shared" : "personal",
    sharing: config.oauth?.sharing ?? "personal",
    grant: config.oauth?.grant ?? "authorization_code",
    authorized: tokens !== undefined,
    scope: tokens?.scope ?? null,
    requestedScope: grant?.requestedScope ?? null,
    expiresAt,
    hasRefreshToken: Boolean(tokens?.refresh_token),
    issuer,
    client,
    challengeScope: connection.lastChallenge()?.scope ?? null,
    canManageShared: can(caller, "servers:manage"),
    journal: journalEntries(serverId, principal),
  };
}
