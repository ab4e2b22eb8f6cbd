// Why a server could not be connected to, in one line a person can act on: which command was not
// found and where it was looked for, what a command said before it exited, that a URL answered with
// a web page or a 404 (and which URL was probably meant), that nothing listens on a port, that TLS
// or DNS failed, that the server took too long. The raw messages of the transports tried stay
// below it, never with markup: an HTML error page becomes "an HTML page", not its source.

import type { StdioConfig, UrlConfig } from "@/lib/domain/server-config";
import { stdioEnvironment } from "./stdio-env";

/** What a connection attempt over one transport ended with. */
export type TransportFailure = { transport: string; error: unknown };

export type ServerEnd =
  | { transport: "stdio"; command: string; path: string | undefined; stderrTail: string }
  | { transport: "url"; url: string; timeoutMs: number };

/** The server's end of a connection, as its failure is explained: a command (the PATH it was looked up in, what it wrote) or a URL. */
export function serverEndOf(config: StdioConfig | UrlConfig, stderrTail: string, timeoutMs: number): ServerEnd {
  if (config.transport !== "stdio") return { transport: "url", url: config.url, timeoutMs };
  return { transport: "stdio", command: config.command, path: stdioEnvironment(config.env).PATH, stderrTail };
}

const HTML = /<(!doctype|html|head|body|title|h1|div|p)\b[\s\S]*?>/i;

/** A message as plain text on one line: markup out, an HTML document named as one, at most 300 characters. */
export function plainText(message: string): string {
  const named = message.replace(/<(!doctype|html)\b[\s\S]*?(<\/html>|$)/gi, "(an HTML page)");
  const line = named
    .replace(/<\/?[a-z][a-z0-9-]*\b[^>]*>/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error && !error.message.includes(cause.message) ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/** A system or TLS error code (ECONNREFUSED, ENOENT, CERT_HAS_EXPIRED…) anywhere in the cause chain or the message; not the SDK's own codes. */
const SYSTEM_CODE = /^(E[A-Z]{3,}|ERR_[A-Z_]+|[A-Z_]*(?:CERT|SELF_SIGNED|UNABLE_TO_VERIFY)[A-Z_]*)$/;

function codeOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && SYSTEM_CODE.test(code)) return code;
  }
  const words = messageOf(error).match(/\b[A-Z][A-Z_]{4,}\b/g) ?? [];
  return words.find((word) => SYSTEM_CODE.test(word));
}

function httpStatus(error: unknown): number | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "number" && code >= 400 && code < 600) return code;
  const match = /\b(?:HTTP |status code \(|\()([45]\d\d)\)?/.exec(messageOf(error));
  return match ? Number(match[1]) : undefined;
}

/** The URL an MCP endpoint most likely has (the spec's examples and most servers use /mcp), next to one that answered with something else. */
function likelyEndpoint(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (/\/(mcp|sse)\/?$/.test(parsed.pathname)) return undefined;
    return `${parsed.origin}/mcp`;
  } catch {
    return undefined;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function explainUrl(end: Extract<ServerEnd, { transport: "url" }>, error: unknown, others: unknown[]): string {
  const message = messageOf(error);
  const code = codeOf(error);
  // The status may be in what another transport was told (Streamable HTTP's error may carry only the body).
  const status = [error, ...others].map(httpStatus).find((s) => s !== undefined);
  const suggestion = likelyEndpoint(end.url);
  const meant = suggestion ? `; did you mean ${suggestion}?` : ".";
  if (status === 404 || status === 405)
    return `Nothing speaks MCP at ${end.url} (HTTP ${status}${HTML.test(message) ? ", an HTML page" : ""})${meant}`;
  if (/text\/html/i.test(message) || (status === undefined && HTML.test(message)))
    return `${end.url} answered with a web page, not MCP${meant}`;
  if (status === 401) return `${end.url} asks for authorization (HTTP 401): authorize with OAuth, or add a header such as Authorization.`;
  if (status === 403) return `${end.url} refused access (HTTP 403): it may need a header (such as Authorization) or OAuth with more scope.`;
  if (status !== undefined && status >= 500) return `${end.url} failed with HTTP ${status}: the server is up but erred (see its logs).`;
  if (code === "ECONNREFUSED")
    return `Nothing is listening at ${hostOf(end.url)} (connection refused): is the server running, on that port?`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return `The host ${hostOf(end.url).replace(/:\d+$/, "")} is not known (DNS lookup failed).`;
  if (code === "EPROTO" || /wrong version number|ssl3_get_record/i.test(message)) {
    return `TLS failed at ${hostOf(end.url)}: it does not speak https on that port${end.url.startsWith("https:") ? " (try http://)" : ""}.`;
  }
  if (code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/.test(code))
    return `TLS failed at ${hostOf(end.url)}: its certificate is not trusted (${code}).`;
  if (code === "ETIMEDOUT" || /timed? ?out/i.test(message))
    return `No answer from ${end.url} within ${Math.round(end.timeoutMs / 1000)} s.`;
  return plainText(message);
}

function explainStdio(end: Extract<ServerEnd, { transport: "stdio" }>, error: unknown): string {
  const code = codeOf(error);
  if (code === "ENOENT") {
    const dirs = [...new Set((end.path ?? "").split(":").filter(Boolean))];
    const shown = dirs.length > 5 ? `${dirs.slice(0, 5).join(", ")} and ${dirs.length - 5} more` : dirs.join(", ");
    const where = dirs.length ? ` (looked in PATH: ${shown})` : " (no PATH)";
    return /[\\/]/.test(end.command) ? `Command not found: ${end.command} does not exist.` : `Command not found: ${end.command}${where}.`;
  }
  if (code === "EACCES") return `${end.command} cannot be run: permission denied (is it executable?).`;
  const stderr = end.stderrTail
    .trim()
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-3)
    .join(" | ");
  if (/connection closed|exited|EPIPE/i.test(messageOf(error)) || code === "EPIPE") {
    return `${end.command} exited before it answered${stderr ? `; it said: ${plainText(stderr)}` : " and said nothing on stderr"}.`;
  }
  if (/timed? ?out/i.test(messageOf(error)))
    return `${end.command} started but did not answer MCP's initialize in time${stderr ? `; it said: ${plainText(stderr)}` : ""}.`;
  return plainText(stderr ? `${messageOf(error)} (stderr: ${stderr})` : messageOf(error));
}

/**
 * One line for a failed connection. Auto tries Streamable HTTP, then SSE; both usually fail the
 * same way, and Streamable HTTP's answer is the one that matters for a modern server, so the first
 * transport's explanation is the line. What each transport said is in connectFailureDetails.
 */
export function explainConnectFailure(end: ServerEnd, failures: TransportFailure[]): string {
  const first = failures[0];
  if (!first) return "The connection failed.";
  return end.transport === "stdio"
    ? explainStdio(end, first.error)
    : explainUrl(
        end,
        first.error,
        failures.slice(1).map((f) => f.error),
      );
}

/** What each transport said, as plain text: the details under the line. */
export function connectFailureDetails(failures: TransportFailure[]): string[] {
  return failures.map(({ transport, error }) => `${transport}: ${plainText(messageOf(error))}`);
}
