import "server-only";
// The OAuth journal: what happened, step by step, for one server and one principal (a person,
// or the shared authorization), kept in memory for the OAuth view. Every request the SDK makes
// for authorization goes through journalFetch, which records it with secrets masked; the
// provider adds the steps that are not requests (the authorization request, tokens stored).
import type { FetchLike } from "@modelcontextprotocol/client";
import { processWide } from "@/lib/process-wide";
import type { JournalEntry, JournalStep } from "@/lib/domain/oauth-journal-types";
import { maskBody, maskHeaders, maskUrl } from "./mask";
import { JWT_BEARER, TOKEN_EXCHANGE } from "./enterprise-grants";
import type { Principal } from "./oauth-store";

const MAX_ENTRIES = 200;
const MAX_BODY_CHARS = 16_000;

const journals = processWide("oauth-journals", () => ({ next: 1, byKey: new Map<string, JournalEntry[]>() }));
const key = (serverId: string, principal: Principal): string => `${serverId}\n${principal}`;

export type Journal = {
  record(entry: Omit<JournalEntry, "id" | "at">): void;
};

export function journalFor(serverId: string, principal: Principal): Journal {
  return {
    record(entry) {
      const list = journals.byKey.get(key(serverId, principal)) ?? [];
      list.push({ id: journals.next++, at: new Date().toISOString(), ...entry });
      if (list.length > MAX_ENTRIES) list.splice(0, list.length - MAX_ENTRIES);
      journals.byKey.set(key(serverId, principal), list);
    },
  };
}

export function journalEntries(serverId: string, principal: Principal): JournalEntry[] {
  return [...(journals.byKey.get(key(serverId, principal)) ?? [])];
}

export function clearJournals(serverId: string): void {
  for (const k of [...journals.byKey.keys()]) if (k.startsWith(`${serverId}\n`)) journals.byKey.delete(k);
}

function requestBodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  return undefined;
}

/** Which step a request to somewhere other than the MCP endpoint is. */
function classify(url: URL, method: string, body: string | undefined): JournalStep {
  const path = url.pathname;
  if (path.includes("/.well-known/oauth-protected-resource")) return "resource-metadata";
  if (path.includes("/.well-known/oauth-authorization-server") || path.includes("/.well-known/openid-configuration"))
    return "server-metadata";
  if (method === "POST" && body) {
    const grant = /(?:^|&)grant_type=([^&]*)/.exec(body)?.[1];
    if (grant === "authorization_code") return "token";
    if (grant === "refresh_token") return "refresh";
    if (grant === "client_credentials") return "client-credentials";
    if (grant === encodeURIComponent(JWT_BEARER)) return "jwt-bearer";
    if (grant === encodeURIComponent(TOKEN_EXCHANGE)) return "token-exchange";
    if (body.trimStart().startsWith("{") && body.includes("redirect_uris")) return "registration";
    if (body.trimStart().startsWith("{") && /register/i.test(path)) return "registration";
  }
  return "request";
}

/** Whether a request goes to the MCP endpoint itself (a trailing slash aside). */
export function sameEndpoint(a: URL, b: URL): boolean {
  return a.origin === b.origin && a.pathname.replace(/\/+$/, "") === b.pathname.replace(/\/+$/, "");
}

async function responseText(response: Response): Promise<string | undefined> {
  try {
    return await response.clone().text();
  } catch {
    return undefined;
  }
}

/** Masked first, cut after: a body cut short would no longer parse, and could show what it holds. */
function shown(text: string, contentType: string | null): string {
  const masked = maskBody(text, contentType);
  return masked.length > MAX_BODY_CHARS ? `${masked.slice(0, MAX_BODY_CHARS)}\n… (${masked.length} characters in all)` : masked;
}

function describeOutcome(step: JournalStep, status: number, body: string | undefined): string {
  if (status >= 200 && status < 300) return `HTTP ${status}`;
  let detail = "";
  try {
    const parsed = JSON.parse(body ?? "") as { error?: string; error_description?: string };
    if (parsed.error) detail = `: ${parsed.error}${parsed.error_description ? ` (${parsed.error_description})` : ""}`;
  } catch {
    // not an OAuth error document
  }
  if (status === 404 && (step === "resource-metadata" || step === "server-metadata")) return "HTTP 404: not published here";
  return `HTTP ${status}${detail}`;
}

/**
 * A fetch that records OAuth traffic into a journal: every request that is not to the MCP
 * endpoint, and the MCP endpoint's 401 and 403 answers (the challenges). Requests to the MCP
 * endpoint pass untouched otherwise (their bodies are never read here: they may be streams).
 */
export function journalFetch(base: FetchLike, journal: Journal, mcpUrl: string): FetchLike {
  const endpoint = new URL(mcpUrl);
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const toMcp = sameEndpoint(url, endpoint);
    const started = Date.now();
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const body = toMcp ? undefined : requestBodyText(init?.body);
    const step: JournalStep = toMcp ? "challenge" : classify(url, method, body);
    let response: Response;
    try {
      response = await base(input, init);
    } catch (error) {
      if (!toMcp)
        journal.record({
          step,
          ok: false,
          summary: `No answer: ${error instanceof Error ? error.message : String(error)}`,
          http: { method, url: maskUrl(url.toString()), requestHeaders: maskHeaders(headers), error: String(error) },
        });
      throw error;
    }
    if (toMcp && response.status !== 401 && response.status !== 403) return response;
    const text = toMcp && !/json/i.test(response.headers.get("content-type") ?? "") ? undefined : await responseText(response);
    const responseBody = text === undefined ? undefined : shown(text, response.headers.get("content-type"));
    journal.record({
      step: toMcp && response.status === 403 ? "step-up" : step,
      // A challenge is how authorization starts, not a failure; a 403 is one.
      ok: toMcp ? response.status === 401 : response.ok,
      summary: toMcp
        ? `HTTP ${response.status} from the MCP server${response.headers.get("www-authenticate") ? "" : " (without a WWW-Authenticate header)"}`
        : describeOutcome(step, response.status, text),
      http: {
        method,
        url: maskUrl(url.toString()),
        requestHeaders: maskHeaders(headers),
        ...(body === undefined ? {} : { requestBody: shown(body, headers.get("content-type")) }),
        status: response.status,
        responseHeaders: maskHeaders(response.headers),
        ...(responseBody === undefined ? {} : { responseBody }),
        durationMs: Date.now() - started,
      },
    });
    return response;
  };
}
