import "server-only";
// The two grants where Toolscope does not ask anyone at the server's authorization server, but
// brings a signed assertion (RFC 7523, `urn:ietf:params:oauth:grant-type:jwt-bearer`):
// - workload identity federation (SEP-1933): the JWT the platform gives this workload, read from
//   its file for each token request, since platforms rotate it (a Kubernetes projected token
//   lives an hour);
// - enterprise-managed authorization (SEP-990, cross-app access): the person's ID token from the
//   company's identity provider is exchanged there (RFC 8693) for an ID-JAG naming the server's
//   authorization server and resource, and the ID-JAG is the assertion.
// The SDK does the protocol (requestJwtAuthorizationGrant, discoverAndRequestJwtAuthGrant); this
// file finds what to send.
import fs from "node:fs/promises";
import { discoverAndRequestJwtAuthGrant, requestJwtAuthorizationGrant, type FetchLike } from "@modelcontextprotocol/client";
import type { OAuthSettings } from "@/lib/domain/server-config";
import { AppError } from "@/lib/errors";
import { signInIdToken } from "@/lib/auth/sign-in-id-token";
import { SHARED, type Principal } from "./oauth-store";
import { AuthorizationRequired } from "./authorization-required";

export const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
export const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";

/** A JWT kept in a file by whatever issues it; read afresh each time, trimmed of the newline editors add. */
async function jwtFromFile(file: string, what: string): Promise<string> {
  let text: string;
  try {
    text = (await fs.readFile(file, "utf8")).trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new AppError(
      "bad_request:config",
      `Toolscope could not read ${what} from ${file}${code ? ` (${code})` : ""}. Check the file exists and Toolscope may read it.`,
    );
  }
  if (!/^[\w-]+\.[\w-]+\.[\w-]*$/.test(text))
    throw new AppError(
      "bad_request:config",
      `${file} does not hold a JWT (three base64url parts separated by dots), so it cannot be ${what}.`,
    );
  return text;
}

/** The workload's JWT (grant `jwt_bearer`). */
export function workloadAssertion(settings: OAuthSettings): Promise<string> {
  if (!settings.assertionFile) throw new AppError("bad_request:config", "jwt_bearer needs the file that holds the workload's JWT.");
  return jwtFromFile(settings.assertionFile, "the workload's JWT");
}

/** The ID token to exchange: a file's, when one is configured; otherwise the person's own, from signing in. */
async function idTokenFor(settings: OAuthSettings, principal: Principal): Promise<string> {
  if (settings.idTokenFile) return jwtFromFile(settings.idTokenFile, "the ID token to exchange");
  if (principal === SHARED)
    throw new AppError(
      "bad_request:config",
      "Enterprise-managed authorization acts as a person: each person's own ID token is exchanged, so the server's authorization must be per person (or name an ID token file).",
    );
  try {
    return await signInIdToken(principal);
  } catch (error) {
    // The person must sign in again: the server waits for them as for any authorization.
    if (error instanceof AppError) throw new AuthorizationRequired(error.message);
    throw error;
  }
}

export type IdJagRequest = {
  settings: OAuthSettings;
  principal: Principal;
  /** The server's authorization server (its issuer): the ID-JAG's audience. */
  authorizationServer: string;
  /** The MCP server's resource identifier (RFC 9728). */
  resource: string;
  scope: string | undefined;
  fetchFn: FetchLike;
};

/** An ID-JAG for the server's authorization server, from the identity provider (grant `enterprise`). */
export async function idJagFor(request: IdJagRequest): Promise<string> {
  const { settings } = request;
  if (!settings.idpClientId) throw new AppError("bad_request:config", "enterprise needs Toolscope's client id at the identity provider.");
  const common = {
    audience: request.authorizationServer,
    resource: request.resource,
    idToken: await idTokenFor(settings, request.principal),
    clientId: settings.idpClientId,
    ...(settings.idpClientSecret ? { clientSecret: settings.idpClientSecret } : {}),
    ...(request.scope ? { scope: request.scope } : {}),
    fetchFn: request.fetchFn,
  };
  const result = settings.idpTokenEndpoint
    ? await requestJwtAuthorizationGrant({ ...common, tokenEndpoint: settings.idpTokenEndpoint })
    : await discoverAndRequestJwtAuthGrant({ ...common, idpUrl: settings.idpIssuer! });
  return result.jwtAuthGrant;
}
