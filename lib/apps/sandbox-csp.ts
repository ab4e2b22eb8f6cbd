// The Content-Security-Policy an MCP App runs under (the io.modelcontextprotocol/ui
// extension): what its ui:// resource declares in _meta.ui.csp, and nothing beyond it. No
// domains declared: no network at all. The sandbox page carries it as its HTTP header, and the
// app's document (an about:srcdoc frame) inherits it. Pure.
import { z } from "zod";

/**
 * An origin, or an origin with a wildcard subdomain of a name with at least two labels:
 * https://cdn.example.com, https://*.example.com:8443, wss://live.example.com (not https://*.com).
 */
const SOURCE = /^(https?|wss?):\/\/(?:\*\.[a-z0-9-]+(?:\.[a-z0-9-]+)+|[a-z0-9-]+(?:\.[a-z0-9-]+)*)(:\d{1,5})?$/i;

const Domains = z.array(z.string().max(300)).max(50).optional();

export const AppCspSchema = z
  .object({
    connectDomains: Domains,
    resourceDomains: Domains,
    frameDomains: Domains,
    baseUriDomains: Domains,
  })
  .strip();
export type AppCsp = z.infer<typeof AppCspSchema>;

/** The declared sources that are sources; anything else (a keyword, a path, a quote) is dropped, and listed. */
function sources(list: readonly string[] | undefined, dropped: string[], exclude: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (const entry of list ?? []) {
    if (SOURCE.test(entry) && !exclude.has(entry.toLowerCase())) kept.push(entry.toLowerCase());
    else dropped.push(entry);
  }
  return kept;
}

/** `exclude`: origins an app may never name (Toolscope's own, its sandbox's), lower-case. */
export function appContentSecurityPolicy(csp: AppCsp | undefined, exclude: readonly string[] = []): { policy: string; dropped: string[] } {
  const dropped: string[] = [];
  const never = new Set(exclude.map((origin) => origin.toLowerCase()));
  const resources = sources(csp?.resourceDomains, dropped, never);
  const connect = sources(csp?.connectDomains, dropped, never);
  const frames = sources(csp?.frameDomains, dropped, never);
  const base = sources(csp?.baseUriDomains, dropped, never);
  const list = (values: string[], fallback: string): string => (values.length ? values.join(" ") : fallback);
  const policy = [
    "default-src 'none'",
    // The app's own HTML is inline; the sandbox page's relay script too.
    `script-src 'unsafe-inline' ${list(resources, "")}`.trim(),
    `style-src 'unsafe-inline' ${list(resources, "")}`.trim(),
    `img-src data: blob: ${list(resources, "")}`.trim(),
    `font-src data: ${list(resources, "")}`.trim(),
    `media-src data: blob: ${list(resources, "")}`.trim(),
    `connect-src ${list(connect, "'none'")}`,
    `frame-src ${list(frames, "'none'")}`,
    `base-uri ${list(base, "'none'")}`,
    "form-action 'none'",
    "object-src 'none'",
    "worker-src 'none'",
  ].join("; ");
  return { policy, dropped };
}
