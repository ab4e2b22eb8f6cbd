import "server-only";
// The 2025-03-26 authorization fallback: a server without protected resource metadata is its own
// authorization server, whose metadata is read from the server's origin. Some such servers name
// an issuer with a path (`https://host/oauth`) in metadata served at the root, which fails the
// RFC 8414 issuer echo check. The check stops a metadata document from claiming another
// authorization server; a document on the MCP server's own origin naming an issuer on that same
// origin claims nothing another party controls, so that one case is accepted (and journaled).
import { IssuerMismatchError } from "@modelcontextprotocol/client";
import { processWide } from "@/lib/process-wide";
import type { UrlConfig } from "@/lib/domain/server-config";

const accepted = processWide("oauth-legacy-issuers", () => new Set<string>());
const key = (config: UrlConfig): string => `${config.id}\n${config.url}`;

/** Whether an error is that same-origin mismatch on a server's own origin. */
export function isSameOriginLegacyIssuer(error: unknown, config: UrlConfig): boolean {
  if (!IssuerMismatchError.isInstance(error) || error.kind !== "metadata") return false;
  const origin = new URL(config.url).origin;
  const expected = error.expected ?? "";
  const received = error.received ?? "";
  return (expected === origin || expected === `${origin}/`) && URL.canParse(received) && new URL(received).origin === origin;
}

export function acceptLegacyIssuer(config: UrlConfig): void {
  accepted.add(key(config));
}

export function legacyIssuerAccepted(config: UrlConfig): boolean {
  return accepted.has(key(config));
}
