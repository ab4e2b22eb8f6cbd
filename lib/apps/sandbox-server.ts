// Toolscope's second origin, for MCP Apps (issue 18): it serves one page, the sandbox, and
// nothing else: no API, no cookies, no Toolscope pages. An app's HTML never runs on Toolscope's
// own origin, so it cannot read Toolscope's cookies, storage or pages, whatever it tries.
// GET /sandbox?host=<the page's origin>&csp=<the app's declared csp, JSON>
import type { IncomingMessage, ServerResponse } from "node:http";
import { appConfig } from "@/lib/config/env";
import { appContentSecurityPolicy, AppCspSchema } from "./sandbox-csp";
import { SANDBOX_PAGE } from "./sandbox-page";

const MAX_CSP_CHARS = 8_000;

/** Toolscope's own origins (every loopback name on its port, its public URL) and the sandbox's: an app names none of them. */
export function toolscopeOrigins(): string[] {
  const config = appConfig();
  const port = config.listen.port;
  const loopback = ["127.0.0.1", "localhost", "[::1]"].flatMap((name) => [`http://${name}:${port}`, `https://${name}:${port}`]);
  return [...loopback, new URL(config.publicUrl).origin, config.sandbox.origin];
}

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](:\d{1,5})?$/i;

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff", "cache-control": "no-store" });
  res.end(message);
}

export function handleSandboxRequest(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://sandbox.invalid");
  if (url.pathname !== "/sandbox") return refuse(res, 404, "Toolscope's app sandbox serves /sandbox only.");
  if (req.method !== "GET" && req.method !== "HEAD") return refuse(res, 405, "GET only.");
  const host = url.searchParams.get("host") ?? "";
  if (!ORIGIN.test(host)) return refuse(res, 400, "The sandbox needs the origin of the page that frames it (host).");
  if ((url.searchParams.get("csp") ?? "").length > MAX_CSP_CHARS) return refuse(res, 414, "csp is longer than the sandbox accepts.");
  let csp: unknown;
  try {
    csp = JSON.parse(url.searchParams.get("csp") ?? "{}");
  } catch {
    return refuse(res, 400, "csp must be JSON.");
  }
  const parsed = AppCspSchema.safeParse(csp);
  if (!parsed.success) return refuse(res, 400, "csp is not an MCP App CSP declaration.");
  const { policy } = appContentSecurityPolicy(parsed.data, toolscopeOrigins());
  res.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    // The app's policy, and only the page that asked may frame it.
    "content-security-policy": `${policy}; frame-ancestors ${host}`,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
    "cross-origin-resource-policy": "cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  });
  res.end(req.method === "HEAD" ? undefined : SANDBOX_PAGE);
}
