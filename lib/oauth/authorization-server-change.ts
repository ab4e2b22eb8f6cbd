import "server-only";
// A protected resource may move to another authorization server (RFC 9728 metadata naming a new
// one in `authorization_servers`). Tokens, refresh tokens and registered clients are bound to the
// authorization server that issued them (SEP-2352), and a grant keeps the discovery it was made
// with, so without this check a connection would go on refreshing at the old server and the
// server would look authorized. On a 401 the metadata is read again; when the grant's
// authorization server is no longer listed, the grant is forgotten and a person authorizes again
// at the new one.
import {
  checkResourceAllowed,
  discoverOAuthProtectedResourceMetadata,
  resourceUrlFromServerUrl,
  type FetchLike,
} from "@modelcontextprotocol/client";
import type { UrlConfig } from "@/lib/domain/server-config";
import { journalFor } from "./journal";
import { readGrant, revokeGrant, type Grant, type Principal } from "./oauth-store";

export type AuthorizationServerChange = { from: string; to: string };

/** Issuer identifiers compare as strings; a trailing slash is the one difference tolerated (as the SDK does). */
function sameIssuer(a: string, b: string): boolean {
  return a.replace(/\/$/, "") === b.replace(/\/$/, "");
}

/**
 * Every name the grant's authorization server went by: the URL discovery chose, the issuer its
 * metadata declared (they differ for an accepted legacy issuer, lib/oauth/legacy-issuer.ts) and
 * the issuer the tokens were stamped with.
 */
function grantIssuers(grant: Grant): string[] {
  const names = [grant.discovery?.authorizationServerUrl, grant.discovery?.authorizationServerMetadata?.issuer, grant.tokens?.issuer];
  return names.filter((name): name is string => typeof name === "string" && name.length > 0);
}

/**
 * Reads the server's protected resource metadata again (at `resourceMetadataUrl`, the 401's
 * `resource_metadata`, else the well-known paths) and, when it no longer lists the authorization
 * server the grant came from, forgets the grant (tokens and discovery) and journals the change.
 * Metadata that cannot be read, or that describes another resource, proves nothing: the grant
 * is kept and the refresh goes ahead.
 */
export async function forgetGrantIfAuthorizationServerChanged(options: {
  config: UrlConfig;
  principal: Principal;
  resourceMetadataUrl: URL | undefined;
  fetchFn: FetchLike;
}): Promise<AuthorizationServerChange | undefined> {
  const { config, principal } = options;
  const grant = await readGrant(config.id, principal);
  const known = grant ? grantIssuers(grant) : [];
  if (known.length === 0) return undefined;
  let listed: string[];
  try {
    const metadata = await discoverOAuthProtectedResourceMetadata(
      config.url,
      options.resourceMetadataUrl ? { resourceMetadataUrl: options.resourceMetadataUrl } : {},
      options.fetchFn,
    );
    // Metadata about another resource says nothing about this one (auth() refuses it too).
    if (!checkResourceAllowed({ requestedResource: resourceUrlFromServerUrl(config.url), configuredResource: metadata.resource }))
      return undefined;
    // Metadata without authorization servers sends discovery to the server's origin (the SDK's rule).
    listed = metadata.authorization_servers?.length ? metadata.authorization_servers : [String(new URL("/", config.url))];
  } catch {
    return undefined;
  }
  if (known.some((name) => listed.some((server) => sameIssuer(name, server)))) return undefined;
  const change = { from: known[0]!, to: listed[0]! };
  // As a revoke: a refresh still under way in this process cannot bring the old tokens back.
  await revokeGrant(config.id, principal);
  journalFor(config.id, principal).record({
    step: "authorization-server-changed",
    ok: true,
    summary: `The authorization server changed from ${change.from} to ${change.to}: the tokens from ${change.from} were discarded; authorize again`,
    facts: { from: change.from, to: change.to },
  });
  return change;
}
