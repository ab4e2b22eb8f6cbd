import "server-only";
// OAuth 2.1 for MCP clients, with Toolscope as the authorization server (issue 34): an agent
// that connects to /mcp is sent, by the 401's RFC 9728 challenge, through the person's own
// sign-in and a consent page, and gets an access token bound (RFC 8707) to Toolscope's MCP
// endpoint. It then acts as that person: same role, same per-server access, same credentials
// to targets. better-auth's MCP plugin (on its OAuth provider) does the protocol: discovery
// metadata, dynamic client registration, PKCE, codes, tokens signed with keys kept in the
// database (so every replica verifies them), refresh rotation. This file configures it and
// verifies the tokens at the front door.
import { mcp } from "@better-auth/mcp";
import { cimd } from "@better-auth/cimd";
import type { BetterAuthPlugin } from "better-auth";
import { createDpopReplayStore, verifyAccessTokenRequest, type ResourceRequestInput } from "better-auth/oauth2";
import { createAuthMiddleware } from "better-auth/api";
import { jwt } from "better-auth/plugins";
import type { JWTPayload } from "jose";
import { appConfig } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { recordEvent } from "@/lib/audit/events";
import { TOKEN_SCOPES, type TokenScope } from "../domain/roles";
import { fetchClientMetadata } from "./client-metadata-fetch";

/** Where Toolscope's own MCP endpoint is, and so the resource its agents' tokens are bound to. */
export const GATEWAY_PATH = "/mcp";
/** The consent page (app/oauth/consent) the authorization endpoint sends a signed-in person to. */
export const CONSENT_PAGE = "/oauth/consent";
export const AUTHORIZE_PATH = "/api/auth/oauth2/authorize";
const PROTECTED_RESOURCE_METADATA = "/.well-known/oauth-protected-resource";

/**
 * What an agent may ask for: Toolscope's own two token scopes, with the meaning they have for
 * personal tokens, and refresh tokens. No OpenID scopes: Toolscope is no identity provider.
 */
export const AGENT_SCOPES = [...TOKEN_SCOPES, "offline_access"] as const;

/** better-auth's table names, in Toolscope's auth_ prefix (migration 0021). */
const OAUTH_TABLES = {
  oauthClient: { modelName: "auth_oauth_client" },
  oauthResource: { modelName: "auth_oauth_resource" },
  oauthClientResource: { modelName: "auth_oauth_client_resource" },
  oauthRefreshToken: { modelName: "auth_oauth_refresh_token" },
  oauthAccessToken: { modelName: "auth_oauth_access_token" },
  oauthConsent: { modelName: "auth_oauth_consent" },
  oauthClientAssertion: { modelName: "auth_oauth_client_assertion" },
};

/**
 * The loopback host names better-auth accepts in plain http both for the MCP resource and for a
 * native client's redirect address (the latter takes no other; the former takes the rest of 127/8 too).
 */
const LOOPBACK_HOSTNAMES = ["127.0.0.1", "localhost", "[::1]"];

/** The resource identifier agents' tokens are bound to: the public URL of /mcp. */
export function gatewayResource(): string {
  return `${appConfig().publicUrl}${GATEWAY_PATH}`;
}

/** The issuer better-auth names in its metadata and tokens: its own base URL. */
export function issuer(): string {
  return `${appConfig().publicUrl}/api/auth`;
}

/**
 * OAuth needs an https resource, or http on loopback for one's own machine (a token sent in the
 * clear over a network is anyone's). Otherwise agents use personal tokens, and the challenge
 * says nothing of OAuth.
 */
export function agentOAuthAvailable(): boolean {
  const config = appConfig();
  if (!config.agentOAuth) return false;
  const url = new URL(config.publicUrl);
  return url.protocol === "https:" || LOOPBACK_HOSTNAMES.includes(url.hostname);
}

/** Where an MCP client reads how to authorize for `pathname` (/mcp or a virtual server under it). */
export function protectedResourceMetadataUrl(pathname: string): string {
  return `${appConfig().publicUrl}${PROTECTED_RESOURCE_METADATA}${pathname}`;
}

/** The RFC 9728 metadata paths the front door hands to better-auth (the plugin answers /mcp's). */
export function isOAuthMetadataPath(pathname: string): boolean {
  return (
    pathname === `${PROTECTED_RESOURCE_METADATA}${GATEWAY_PATH}` ||
    pathname === PROTECTED_RESOURCE_METADATA ||
    pathname === "/.well-known/oauth-authorization-server/api/auth"
  );
}

/** A redirect address an app on the person's own machine listens at (RFC 8252): loopback http, or its own scheme. */
function isNativeRedirect(uri: unknown): boolean {
  if (typeof uri !== "string") return false;
  try {
    const url = new URL(uri);
    if (url.protocol === "https:") return false;
    if (url.protocol !== "http:") return true;
    return LOOPBACK_HOSTNAMES.includes(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Dynamic registration as MCP clients do it: most send no `application_type` (an OpenID field
 * RFC 7591 does not have), and better-auth then takes them for web apps, which may not redirect
 * to loopback http, so Claude's or the SDK v1's registration was refused. A client whose every
 * redirect address is on the person's own machine is a native app (RFC 8252), and is registered so.
 */
export const registerMcpClientsAsNative = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== "/oauth2/register") return;
  const body = ctx.body as { application_type?: unknown; redirect_uris?: unknown } | undefined;
  if (!body || body.application_type !== undefined || !Array.isArray(body.redirect_uris) || body.redirect_uris.length === 0) return;
  if (!body.redirect_uris.every(isNativeRedirect)) return;
  return { context: { body: { ...body, application_type: "native" } } };
});

export function agentOAuthPlugins(): BetterAuthPlugin[] {
  if (!agentOAuthAvailable()) return [];
  return [
    // Signs access tokens; its keys live in auth_jwks, shared by every replica. No JWT header on
    // each session read: browsers never use one.
    jwt({ disableSettingJwtHeader: true, schema: { jwks: { modelName: "auth_jwks" } } }),
    mcp({
      resource: gatewayResource(),
      loginPage: "/login",
      consentPage: CONSENT_PAGE,
      scopes: [...AGENT_SCOPES],
      // MCP clients register themselves (RFC 7591) before the person is asked: the consent page
      // names the client as it named itself, and its redirect address, which a person can judge.
      allowDynamicClientRegistration: true,
      allowUnauthenticatedClientRegistration: true,
      // Agents act as a person: no machine-to-machine grant (client_credentials) with nobody behind it.
      grantTypes: ["authorization_code", "refresh_token"],
      accessTokenExpiresIn: 3_600,
      // What the consent page promises for offline_access (lib/auth/agent-consent.ts).
      refreshTokenExpiresIn: 30 * 86_400,
      schema: OAUTH_TABLES,
    }) as unknown as BetterAuthPlugin,
    // Or they name themselves by URL, the 2026-07-28 way (a Client ID Metadata Document): the
    // consent page then shows the name their document gives and the host it is served from.
    cimd({ fetchClientMetadataResource: fetchClientMetadata, metadataProfile: "mcp-2026-07-28" }) as unknown as BetterAuthPlugin,
  ];
}

export type AgentGrant = {
  /** The person who authorized the agent. */
  userId: string;
  /** The OAuth client (the agent) the token was issued to. */
  clientId: string;
  scopes: TokenScope[];
  /** When the token was issued (ms): one issued before the grant that now stands is from a revoked one. */
  issuedAt: number;
};

/**
 * The grant behind an access token presented at /mcp: signature (keys from the database),
 * issuer, audience (this MCP endpoint only), expiry and, for DPoP-bound tokens, the proof.
 * Refused with the reason an MCP client can act on.
 */
export async function verifyAgentToken(request: ResourceRequestInput, keys: KeySource): Promise<AgentGrant> {
  let claims: JWTPayload;
  try {
    claims = await verifyAccessTokenRequest(request, {
      verifyOptions: { issuer: issuer(), audience: gatewayResource() },
      jwksFetch: keys.jwks,
      jwksCacheKey: keys,
      dpop: { replayStore: keys.replayStore },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError("unauthorized:access_token", `This access token is not valid for ${gatewayResource()}: ${reason}. Authorize again.`);
  }
  const scope = typeof claims.scope === "string" ? claims.scope.split(" ") : [];
  const clientId = typeof claims.azp === "string" ? claims.azp : typeof claims.client_id === "string" ? claims.client_id : "";
  if (typeof claims.sub !== "string" || !clientId)
    throw new AppError("unauthorized:access_token", "This access token names no person or client.");
  return {
    userId: claims.sub,
    clientId,
    scopes: TOKEN_SCOPES.filter((s) => scope.includes(s)),
    issuedAt: typeof claims.iat === "number" ? claims.iat * 1000 : 0,
  };
}

/** Where verification reads signing keys and records DPoP proofs: the better-auth instance's. */
export type KeySource = {
  jwks: () => Promise<{ keys: import("jose").JWK[] } | undefined>;
  replayStore: ReturnType<typeof createDpopReplayStore>;
};

/**
 * The audit record of a person allowing an agent (the consent page's Allow), written after
 * better-auth's consent endpoint has answered. A denial grants nothing and is not recorded; an
 * answer that failed (a stale page, a tampered query) neither.
 */
export const recordAgentAuthorization = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== "/oauth2/consent" || (ctx.body as { accept?: unknown } | undefined)?.accept !== true) return;
  const returned = ctx.context.returned;
  if (returned instanceof Error || returned instanceof Response) return;
  const session = ctx.context.session;
  const query = new URLSearchParams(String((ctx.body as { oauth_query?: unknown }).oauth_query ?? ""));
  const clientId = query.get("client_id");
  if (!session || !clientId) return;
  const { user } = session;
  const client = await ctx.context.adapter.findOne<{ name?: string | null }>({
    model: "oauthClient",
    where: [{ field: "clientId", value: clientId }],
  });
  await recordEvent(
    "agent_authorized",
    {
      actor: `${user.name} <${user.email}>`,
      actorId: user.id,
      actorName: user.name,
      authMethod: (session.session as { authMethod?: string | null }).authMethod ?? null,
      clientIp: session.session.ipAddress || null,
    },
    {
      subject: clientId,
      name: client?.name ?? clientId,
      scopes: (query.get("scope") ?? "").split(" ").filter(Boolean),
      resource: query.get("resource"),
    },
  );
});
