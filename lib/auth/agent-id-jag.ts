import "server-only";
// Enterprise-managed authorization for agents (SEP-990), Toolscope as the authorization server:
// an agent brings an ID-JAG (an identity assertion JWT authorization grant) that the company's
// identity provider issued to it for a person, after its own policy said yes, as an RFC 7523 JWT
// bearer grant; it gets an access token for /mcp and acts as that person, as if the person had
// allowed it on the consent page. Everything after the token is as today.
//
// The grant is an extension of better-auth's OAuth provider (its own dispatch, client
// authentication, token minting, signing keys and replay store); this file checks the assertion:
// - signed by the configured identity provider (its published keys), `typ` oauth-id-jag+jwt;
// - `aud` is Toolscope's authorization server, `resource` its MCP endpoint;
// - `client_id` is the client that authenticated at the token endpoint (the agent);
// - short-lived and single-use (`exp`, `jti`), as better-auth checks client assertions;
// - `sub` is a person Toolscope knows and has not disabled.
import { APIError } from "better-auth/api";
import { consumeClientAssertion, type OAuthExtensionGrantHandlerInput } from "@better-auth/oauth-provider";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import { recordEvent } from "@/lib/audit/events";
import { processWide } from "@/lib/process-wide";
import { TOKEN_SCOPES } from "../domain/roles";
import { gatewayResource, issuer } from "./agent-oauth";

export const ID_JAG_TYPE = "oauth-id-jag+jwt";

/** The identity provider's signing keys, found once per process from its metadata. */
const keySets = processWide("id-jag-keys", () => new Map<string, Promise<ReturnType<typeof createRemoteJWKSet>>>());

export async function keysOf(idp: string): Promise<ReturnType<typeof createRemoteJWKSet>> {
  let keys = keySets.get(idp);
  if (!keys) {
    keys = (async () => {
      for (const path of ["/.well-known/openid-configuration", "/.well-known/oauth-authorization-server"]) {
        const response = await fetch(`${idp}${path}`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
        if (!response?.ok) continue;
        const metadata = (await response.json().catch(() => ({}))) as { jwks_uri?: unknown; issuer?: unknown };
        if (typeof metadata.jwks_uri === "string") return createRemoteJWKSet(new URL(metadata.jwks_uri));
      }
      throw new Error(`the identity provider ${idp} publishes no metadata with a jwks_uri`);
    })();
    keySets.set(idp, keys);
    // A failure is not kept: the next grant tries again.
    keys.catch(() => keySets.delete(idp));
  }
  return keys;
}

export function refuse(description: string, error = "invalid_grant"): never {
  throw new APIError("BAD_REQUEST", { error, error_description: description });
}

export async function verifiedIdJag(input: OAuthExtensionGrantHandlerInput, idp: string, clientId: string): Promise<JWTPayload> {
  const assertion = (input.ctx.body as { assertion?: unknown } | undefined)?.assertion;
  if (typeof assertion !== "string" || assertion.length === 0)
    refuse("The JWT bearer grant needs an assertion (an ID-JAG).", "invalid_request");
  let typ: string | undefined;
  try {
    typ = decodeProtectedHeader(assertion).typ;
  } catch {
    refuse("The assertion is not a JWT.");
  }
  if (typ !== ID_JAG_TYPE) refuse(`Toolscope takes ID-JAGs (typ ${ID_JAG_TYPE}) here, not typ ${typ ?? "(none)"}.`);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(assertion, await keysOf(idp), { issuer: idp, typ: ID_JAG_TYPE, requiredClaims: ["exp", "jti", "sub"] }));
  } catch (error) {
    refuse(`The ID-JAG was refused: ${error instanceof Error ? error.message : String(error)}.`);
  }
  if (payload.client_id !== clientId) refuse(`The ID-JAG was issued to client ${String(payload.client_id)}, not to ${clientId}.`);
  const resources = Array.isArray(payload.resource) ? payload.resource : [payload.resource];
  if (!resources.includes(gatewayResource())) refuse(`The ID-JAG is not for ${gatewayResource()}.`, "invalid_target");
  // The audience, a short life and a single use, as better-auth holds client assertions to.
  try {
    await consumeClientAssertion(input.ctx, input.opts, { namespace: `id-jag:${idp}`, payload, expectedAudience: issuer() });
  } catch (error) {
    // better-call's APIError, of whichever copy of it better-auth's provider loaded: read by shape.
    const body = (error as { body?: { error_description?: unknown } }).body;
    const description = String(body?.error_description ?? (error instanceof Error ? error.message : error));
    refuse(description.replace("client assertion", "ID-JAG"));
  }
  return payload;
}

/** What the token may do: what was asked for, within what the ID-JAG allows, of Toolscope's two scopes. */
export function grantedScopes(requested: unknown, allowed: unknown): string[] {
  const words = (value: unknown): string[] | undefined => (typeof value === "string" ? value.split(" ").filter(Boolean) : undefined);
  const asked = words(requested) ?? words(allowed) ?? [...TOKEN_SCOPES];
  const cap = words(allowed);
  const scopes = TOKEN_SCOPES.filter((scope) => asked.includes(scope) && (!cap || cap.includes(scope)));
  if (scopes.length === 0)
    refuse(`Toolscope grants agents ${TOKEN_SCOPES.join(" and ")}; none of these was asked for or allowed.`, "invalid_scope");
  return scopes;
}

export type Standing = {
  userId: string;
  clientId: string;
  clientName: string;
  scopes: string[];
  /** Who vouched for the person: the identity provider's issuer, or the workload's. */
  issuer: string;
  /** How: "id-jag" or "workload". */
  method: string;
  person: { name: string; email: string };
};

/**
 * The identity provider's yes stands for the person's consent: a grant is kept as the consent page
 * keeps one, so the agent shows on the person's account page, and the front door's check that a
 * grant stands holds. Its first use is in the audit log, as a consent is.
 */
export async function standingGrant({ ctx }: OAuthExtensionGrantHandlerInput, standing: Standing): Promise<void> {
  const adapter = ctx.context.adapter;
  const where = [
    { field: "clientId", value: standing.clientId },
    { field: "userId", value: standing.userId },
  ];
  const existing = await adapter.findOne<{ id: string; scopes: string[] | string }>({ model: "oauthConsent", where });
  // Whole seconds: a token is issued in its grant's second or later (agent-identity.ts compares them).
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  if (existing) {
    const held = Array.isArray(existing.scopes) ? existing.scopes : String(existing.scopes).split(" ");
    const scopes = [...new Set([...held, ...standing.scopes])];
    if (scopes.length !== held.length)
      await adapter.update({ model: "oauthConsent", where: [{ field: "id", value: existing.id }], update: { scopes, updatedAt: now } });
    return;
  }
  await adapter.create({
    model: "oauthConsent",
    data: { clientId: standing.clientId, userId: standing.userId, scopes: standing.scopes, createdAt: now, updatedAt: now },
  });
  await recordEvent(
    "agent_authorized",
    {
      actor: `${standing.person.name} <${standing.person.email}>`,
      actorId: standing.userId,
      actorName: standing.person.name,
      authMethod: standing.method,
      clientIp: null,
    },
    {
      subject: standing.clientId,
      name: standing.clientName,
      scopes: standing.scopes,
      resource: gatewayResource(),
      issuer: standing.issuer,
    },
  );
}
