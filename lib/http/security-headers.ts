// The headers every answer carries: a Content-Security-Policy whose scripts need this
// request's nonce (Next reads it from the request's own CSP header and puts it on the scripts
// it renders), no framing, no MIME sniffing, no referrer leaving the site, and HSTS when
// Toolscope is reached over https. Development adds what Next's dev server needs to run
// ('unsafe-eval' for its fast refresh, ws: for its live reload).
import { randomBytes } from "node:crypto";

export type SecurityHeaderInput = {
  dev: boolean;
  https: boolean;
  /** An API answer (JSON, a stream, a file): nothing in it runs. */ api?: boolean;
  /** The origin of MCP Apps' sandbox (lib/apps/sandbox-server.ts): the one thing a page may frame. */
  sandboxOrigin?: string | undefined;
};

/** The policy of an API answer: nothing loads, nothing frames it. A route may send a policy of its own instead. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

function newNonce(): string {
  return randomBytes(18).toString("base64");
}

export function contentSecurityPolicy(nonce: string, dev: boolean, sandboxOrigin?: string): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': a script the nonced ones load may load more (Next's chunks); nothing else runs.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // React sets style attributes, and Next's and the form's styles are inline.
    "style-src 'self' 'unsafe-inline'",
    // Tool results carry images and audio as data; the browser makes blob: URLs for downloads.
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    `frame-src ${sandboxOrigin ?? "'none'"}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
}

export const CSP_HEADER = "content-security-policy";

/** The headers for one answer; a page's CSP carries a fresh nonce (an API answer runs nothing, so needs none). */
export function securityHeaders({ dev, https, api = false, sandboxOrigin }: SecurityHeaderInput): Record<string, string> {
  return {
    [CSP_HEADER]: api ? API_CSP : contentSecurityPolicy(newNonce(), dev, sandboxOrigin),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    ...(https ? { "strict-transport-security": "max-age=31536000" } : {}),
  };
}
