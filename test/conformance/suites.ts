// The conformance suite versions the test plays, each with every client scenario its CLI lists
// (`conformance list --client`) and what is expected of each: a pass, a pass by refusing, or a
// failure known and explained here and in docs/conformance.md. The test asserts exactly this:
// a new failure fails it, and so does a fix (the failure is then taken off the list).
import path from "node:path";

const REPO_ROOT = path.resolve(import.meta.dirname, "..", "..");

/** A failure left, with why, and the checks that fail (FAILURE or WARNING): exactly those. */
export type KnownFailure = { reason: string; failingChecks: string[] };

export type Suite = {
  version: string;
  cli: string;
  scenarios: readonly string[];
  failures: Readonly<Record<string, KnownFailure>>;
};

/**
 * Scenarios passed by refusing: the client must stop (and so exits non-zero), for the reason
 * the pattern names (the driver's stderr says why it stopped).
 */
export const REFUSALS: Readonly<Record<string, RegExp>> = {
  "auth/resource-mismatch": /does not match expected/,
  "auth/scope-retry-limit": /already asked for/,
  "auth/iss-supported-missing": /Issuer mismatch in authorization response/,
  "auth/iss-wrong-issuer": /Issuer mismatch in authorization response/,
  "auth/iss-unexpected": /Issuer mismatch in authorization response/,
  "auth/iss-normalized": /Issuer mismatch in authorization response/,
  "auth/metadata-issuer-mismatch": /Issuer mismatch in authorization server metadata/,
};

/**
 * The check of each timing scenario that reads a clock, and what it says when the client was late.
 * npm test runs the browser tests beside vitest, so "nothing else running" holds only within this
 * file: the machine itself is busy, and a reconnect can be late by the scheduler alone.
 */
export const TIMING_CHECKS: Record<string, { id: string; late: RegExp }> = {
  "sse-retry": { id: "client-sse-retry-timing", late: /reconnected (slightly|very) late/ },
};

/** Scenarios that measure timing: played with nothing else running (sse-retry allows 450–700 ms). */
export const TIMING_SENSITIVE: ReadonlySet<string> = new Set(Object.keys(TIMING_CHECKS));

const AUTH_COMMON = [
  "auth/metadata-default",
  "auth/metadata-var1",
  "auth/metadata-var2",
  "auth/metadata-var3",
  "auth/basic-cimd",
  "auth/scope-from-www-authenticate",
  "auth/scope-from-scopes-supported",
  "auth/scope-omitted-when-undefined",
  "auth/scope-step-up",
  "auth/scope-retry-limit",
  "auth/token-endpoint-auth-basic",
  "auth/token-endpoint-auth-post",
  "auth/token-endpoint-auth-none",
  "auth/pre-registration",
  "auth/2025-03-26-oauth-metadata-backcompat",
  "auth/2025-03-26-oauth-endpoint-fallback",
  "auth/resource-mismatch",
  "auth/offline-access-scope",
  "auth/offline-access-not-supported",
];

export const SUITES: readonly Suite[] = [
  {
    version: "0.1.16",
    cli: path.join(REPO_ROOT, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js"),
    scenarios: [
      "initialize",
      "tools_call",
      "elicitation-sep1034-client-defaults",
      "sse-retry",
      ...AUTH_COMMON,
      "auth/client-credentials-jwt",
      "auth/client-credentials-basic",
      "auth/cross-app-access-complete-flow",
    ],
    failures: {},
  },
  {
    version: "0.2.0-alpha.12",
    cli: path.join(REPO_ROOT, "node_modules", "conformance-next", "dist", "index.js"),
    scenarios: [
      "initialize",
      "tools_call",
      "elicitation-sep1034-client-defaults",
      "sse-retry",
      "request-metadata",
      ...AUTH_COMMON,
      "auth/authorization-server-migration",
      "auth/iss-supported",
      "auth/iss-not-advertised",
      "auth/iss-supported-missing",
      "auth/iss-wrong-issuer",
      "auth/iss-unexpected",
      "auth/iss-normalized",
      "auth/metadata-issuer-mismatch",
      "auth/client-credentials-jwt",
      "auth/client-credentials-basic",
      "auth/enterprise-managed-authorization",
      "auth/dpop",
      "auth/dpop-nonce",
      "auth/wif-jwt-bearer",
      "sep-2322-client-request-state",
      "http-standard-headers",
      "http-custom-headers",
      "http-invalid-tool-headers",
      "json-schema-ref-no-deref",
      "json-schema-2020-12-preservation",
      "sep-2640-client-no-prefetch",
      "sep-2640-client-verify-digest",
      "sep-2640-client-verify-size",
      "sep-2640-client-verify-frontmatter",
    ],
    failures: {},
  },
];
