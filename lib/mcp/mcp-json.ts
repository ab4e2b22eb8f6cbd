// The mcp.json format that Claude Desktop, Cursor and VS Code write: `mcpServers` (or VS
// Code's `servers`) mapping an id to `command`/`args`/`env` or `url`/`headers`, with an
// optional `type`. Toolscope reads it as config and for import, and writes it for export.
import { z } from "zod";
import { describeIssues } from "@/lib/http/zod-issues";
import { ServerConfigSchema, ServerIdSchema, type OAuthSettings, type ServerConfig } from "../domain/server-config";
import { TYPE_TO_TRANSPORT } from "@/lib/domain/transport-names";

export const McpJsonEntrySchema = z
  .object({
    type: z.string().optional(),
    transport: z.string().optional(),
    command: z.string().optional(),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    cwd: z.string().optional(),
    url: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    name: z.string().optional(),
    trusted: z.boolean().optional(),
    timeoutMs: z.number().optional(),
    roots: z.array(z.object({ uri: z.string(), name: z.string().optional() })).optional(),
    access: z.object({ people: z.array(z.string()).optional(), groups: z.array(z.string()).optional() }).optional(),
    /** Toolscope's own: the model that drafts sampling answers, `provider/model` (lib/domain/sampling.ts). */
    samplingModel: z.string().optional(),
    /** Toolscope's own: OAuth settings (lib/domain/server-config.ts, OAuthSettingsSchema). */
    oauth: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();

export type McpJsonEntry = z.infer<typeof McpJsonEntrySchema>;

export type EntryResult = { ok: true; config: ServerConfig } | { ok: false; message: string };

/** One mcp.json entry as a Toolscope server config, or why it cannot be one. */
export function entryToConfig(id: string, raw: unknown): EntryResult {
  const idCheck = ServerIdSchema.safeParse(id);
  if (!idCheck.success) return { ok: false, message: describeIssues(idCheck.error) };
  const entry = McpJsonEntrySchema.safeParse(raw);
  if (!entry.success) return { ok: false, message: describeIssues(entry.error) };
  const {
    type,
    transport: declared,
    command,
    args,
    env,
    cwd,
    url,
    headers,
    name,
    trusted,
    timeoutMs,
    roots,
    access,
    oauth,
    samplingModel,
  } = entry.data;
  const placeholder = placeholderSecret(entry.data);
  if (placeholder) return { ok: false, message: `${placeholder} is still "${REDACTED_VALUE}" from an export: put the real value back` };
  // Read as stdio, an entry meant for a URL would start its command: neither is guessed.
  if (command !== undefined && url !== undefined) return { ok: false, message: "An entry has both a command and a url: keep only one" };
  const kind = declared ?? type;
  let transport: ServerConfig["transport"] | undefined = kind ? TYPE_TO_TRANSPORT[kind] : undefined;
  if (kind && !transport) return { ok: false, message: `Unknown transport type "${kind}" (use stdio, http, sse or auto)` };
  if (!transport) transport = command ? "stdio" : url ? "auto" : undefined;
  if (!transport) return { ok: false, message: "An entry needs either a command (stdio) or a url (HTTP)" };
  const base = {
    id,
    name: name ?? id,
    trusted: trusted ?? false,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(roots ? { roots } : {}),
    ...(access ? { access } : {}),
    ...(samplingModel ? { samplingModel } : {}),
  };
  if (oauth && transport === "stdio") return { ok: false, message: "OAuth settings are for servers reached by URL, not commands" };
  const candidate =
    transport === "stdio"
      ? { ...base, transport, command, args, env, cwd }
      : { ...base, transport, ...credentialsToHeader(url, headers), ...(oauth ? { oauth } : {}) };
  const parsed = ServerConfigSchema.safeParse(candidate);
  return parsed.success ? { ok: true, config: parsed.data } : { ok: false, message: describeIssues(parsed.error) };
}

/** Which value of an entry is the placeholder an export wrote instead of a secret, if any. */
function placeholderSecret(entry: McpJsonEntry): string | undefined {
  for (const [key, value] of Object.entries(entry.env ?? {})) if (value === REDACTED_VALUE) return `env ${key}`;
  for (const [key, value] of Object.entries(entry.headers ?? {})) if (value === REDACTED_VALUE) return `header ${key}`;
  if (entry.url && (entry.url.includes(REDACTED_VALUE) || entry.url.includes(encodeURIComponent(REDACTED_VALUE)))) return "the URL";
  if (entry.oauth?.clientSecret === REDACTED_VALUE) return "oauth.clientSecret";
  if (entry.oauth?.privateKey === REDACTED_VALUE) return "oauth.privateKey";
  if (entry.oauth?.idpClientSecret === REDACTED_VALUE) return "oauth.idpClientSecret";
  return undefined;
}

/**
 * `https://user:pass@host/mcp` as curl reads it: fetch() refuses URLs with credentials, so
 * they become a Basic Authorization header (unless one is given) and leave the URL, which is
 * shown and logged.
 */
function credentialsToHeader(
  url: string | undefined,
  headers: Record<string, string> | undefined,
): { url: string | undefined; headers: Record<string, string> | undefined } {
  if (!url || !URL.canParse(url)) return { url, headers };
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return { url, headers };
  const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  parsed.username = "";
  parsed.password = "";
  const hasAuthorization = Object.keys(headers ?? {}).some((k) => k.toLowerCase() === "authorization");
  return {
    url: parsed.toString(),
    headers: hasAuthorization ? headers : { ...headers, Authorization: `Basic ${Buffer.from(credentials).toString("base64")}` },
  };
}

export type ParsedMcpJson = { configs: ServerConfig[]; problems: { id: string; message: string }[] };

/** Every server in an mcp.json document; entries that are not valid are reported, not fatal. */
export function parseMcpJson(document: unknown): ParsedMcpJson {
  let value = document;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch (error) {
      return { configs: [], problems: [{ id: "", message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] };
    }
  }
  const servers =
    (value as { mcpServers?: unknown; servers?: unknown } | null)?.mcpServers ?? (value as { servers?: unknown } | null)?.servers;
  if (typeof servers !== "object" || servers === null || Array.isArray(servers)) {
    return {
      configs: [],
      problems: [{ id: "", message: 'Expected an object with "mcpServers" (or "servers") mapping ids to server entries' }],
    };
  }
  const result: ParsedMcpJson = { configs: [], problems: [] };
  for (const [id, entry] of Object.entries(servers)) {
    const converted = entryToConfig(id, entry);
    if (converted.ok) result.configs.push(converted.config);
    else result.problems.push({ id, message: converted.message });
  }
  return result;
}

export const REDACTED_VALUE = "<redacted>";

function exportedOAuth(oauth: OAuthSettings, includeSecrets: boolean): Record<string, unknown> {
  if (includeSecrets) return oauth;
  return {
    ...oauth,
    ...(oauth.clientSecret ? { clientSecret: REDACTED_VALUE } : {}),
    ...(oauth.privateKey ? { privateKey: REDACTED_VALUE } : {}),
    ...(oauth.idpClientSecret ? { idpClientSecret: REDACTED_VALUE } : {}),
  };
}

/** A URL with its password and query values hidden (tokens often ride there). */
export function redactUrl(raw: string): string {
  const url = new URL(raw);
  if (url.password) url.password = REDACTED_VALUE;
  for (const key of [...url.searchParams.keys()]) url.searchParams.set(key, REDACTED_VALUE);
  return url.toString();
}

/** An mcp.json document for these servers. Secret values (env, headers) are replaced unless asked for. */
export function toMcpJson(configs: ServerConfig[], { includeSecrets = false } = {}): { mcpServers: Record<string, McpJsonEntry> } {
  const hide = (record: Record<string, string>): Record<string, string> =>
    includeSecrets ? record : Object.fromEntries(Object.keys(record).map((k) => [k, REDACTED_VALUE]));
  const mcpServers: Record<string, McpJsonEntry> = {};
  for (const c of configs) {
    const common = {
      name: c.name,
      ...(c.trusted ? { trusted: true } : {}),
      ...(c.timeoutMs ? { timeoutMs: c.timeoutMs } : {}),
      ...(c.roots ? { roots: c.roots } : {}),
      ...(c.access ? { access: c.access } : {}),
      ...(c.samplingModel ? { samplingModel: c.samplingModel } : {}),
    };
    mcpServers[c.id] =
      c.transport === "stdio"
        ? {
            command: c.command,
            args: c.args,
            ...(Object.keys(c.env).length ? { env: hide(c.env) } : {}),
            ...(c.cwd ? { cwd: c.cwd } : {}),
            ...common,
          }
        : {
            type: c.transport === "streamable-http" ? "http" : c.transport,
            url: includeSecrets ? c.url : redactUrl(c.url),
            ...(Object.keys(c.headers).length ? { headers: hide(c.headers) } : {}),
            ...(c.oauth ? { oauth: exportedOAuth(c.oauth, includeSecrets) } : {}),
            ...common,
          };
  }
  return { mcpServers };
}
