import "server-only";
// The servers as the API and the pages see and change them.
import { recordEvent } from "@/lib/audit/events";
import { hiddenServerIds } from "@/lib/mcp/server-access";
import type { Caller } from "@/lib/domain/roles";
import { stdioAllowed } from "@/lib/auth/hosting";
import { AppError } from "@/lib/errors";
import { languageModel, SERVER_SETTING, withoutKeys } from "@/lib/models/providers";
import { entryToConfig, parseMcpJson, toMcpJson, type McpJsonEntry } from "./mcp-json";
import { allConnections, connectionFor, connectionsFor } from "./pool";
import { registeredServers, serversChanged, serverStore } from "./registry";
import { describeServerTarget, type ServerConfig } from "../domain/server-config";
import type { StderrLine } from "./stderr-log";
import type { ServerSnapshot, ToolsResponse } from "../domain/mcp-types";
import { clearJournals } from "@/lib/oauth/journal";
import { forgetServer, revokeGrant, SHARED } from "@/lib/oauth/oauth-store";

/** Every server's snapshot, or those a caller may use. */
export async function listServerSnapshots(caller?: Caller): Promise<ServerSnapshot[]> {
  const hidden = caller ? await hiddenServerIds(caller) : new Set<string>();
  const connections = caller ? await connectionsFor(caller) : await allConnections();
  return connections.filter((c) => !hidden.has(c.config.id)).map((c) => c.snapshot());
}

/** A server's snapshot as a caller sees it (their own authorization, where each person has one). */
export async function serverSnapshot(serverId: string, caller?: Caller): Promise<ServerSnapshot> {
  return (await connectionFor(serverId, caller)).snapshot();
}

/** A server's tools; a server that cannot connect yields its snapshot (with the reason) and no tools. */
export async function serverTools(serverId: string, caller?: Caller): Promise<ToolsResponse> {
  const connection = await connectionFor(serverId, caller);
  await connection.ready().catch(() => undefined);
  // The list is answered with its whole lint (the event stream has it sooner, without).
  await connection.listed.lintSettled();
  return { server: connection.snapshot(), ...connection.catalog() };
}

/**
 * Connects a server now, skipping the wait before its next attempt, and answers with its state
 * after the attempt (a failure is in the snapshot, as everywhere else). A connected server is left
 * as it is: this is not a restart.
 */
export async function reconnectServer(serverId: string, caller?: Caller): Promise<ServerSnapshot> {
  const connection = await connectionFor(serverId, caller);
  await connection.retryNow().catch(() => undefined);
  const snapshot = connection.snapshot();
  // Who made Toolscope start a server's process (or reach its URL) again, and what came of it.
  if (caller)
    await recordEvent("server_reconnected", caller, { ...described(connection.config), status: snapshot.status, error: snapshot.error });
  return snapshot;
}

export type StderrView = { serverId: string; lines: StderrLine[] };

/** What a stdio server last wrote to stderr, masked; none for a URL server. */
export async function serverStderr(serverId: string, caller?: Caller): Promise<StderrView> {
  const connection = await connectionFor(serverId, caller);
  return { serverId, lines: connection.stderrLines() };
}

function toConfig(id: string, entry: McpJsonEntry): ServerConfig {
  const result = entryToConfig(id, entry);
  if (!result.ok) throw new AppError("bad_request:config", `Server "${id}": ${result.message}`);
  return result.config;
}

/** A sampling model whose provider has no key would fail at every request: refused when saved (a file's config is not). */
async function assertSamplingModelUsable(config: ServerConfig): Promise<void> {
  if (!config.samplingModel) return;
  try {
    await languageModel(config.samplingModel, SERVER_SETTING);
  } catch (error) {
    throw new AppError("bad_request:config", `Server "${config.id}": the sampling model cannot be used: ${withoutKeys(error)}`);
  }
}

async function snapshotOf(id: string): Promise<ServerSnapshot> {
  return (await connectionFor(id)).snapshot();
}

/** What an audit event says of a server: where it is, never its secrets. */
function described(config: ServerConfig): Record<string, unknown> {
  return {
    serverId: config.id,
    name: config.name,
    transport: config.transport,
    target: describeServerTarget(config),
    access: config.access ?? null,
    samplingModel: config.samplingModel ?? null,
    trusted: config.trusted,
  };
}

/** Refuses a stdio command that this Toolscope does not start for servers added through the UI or API. */
export async function assertStdioAllowed(config: ServerConfig): Promise<void> {
  if (config.transport !== "stdio") return;
  const decision = await stdioAllowed(config);
  if (!decision.allowed) throw new AppError("forbidden:stdio", decision.reason);
}

export async function addServer(id: string, entry: McpJsonEntry, by?: Caller): Promise<ServerSnapshot> {
  const config = toConfig(id, entry);
  await assertSamplingModelUsable(config);
  await assertStdioAllowed(config);
  if ((await registeredServers()).some((s) => s.config.id === id))
    throw new AppError("conflict:server", `A server with id "${id}" already exists.`);
  await (await serverStore()).insert(config);
  serversChanged();
  if (by) await recordEvent("server_added", by, described(config));
  return snapshotOf(id);
}

/**
 * Replaces a database server's config. Secret values the browser never saw come back as
 * null, meaning "keep the stored value"; a key left out is removed.
 */
/** OAuth settings that are secrets: null in an update keeps the stored value. */
const OAUTH_SECRETS = ["clientSecret", "privateKey", "idpClientSecret"] as const;

export type ServerUpdate = Omit<McpJsonEntry, "env" | "headers"> & {
  env?: Record<string, string | null>;
  headers?: Record<string, string | null>;
};

export async function updateServer(id: string, entry: ServerUpdate, by?: Caller): Promise<ServerSnapshot> {
  const current = (await registeredServers()).find((s) => s.config.id === id);
  if (!current) throw new AppError("not_found:server", `There is no server with id "${id}".`);
  if (current.source !== "database") throw new AppError("readonly:server");
  const keep = (incoming: Record<string, string | null> | undefined, stored: Record<string, string>): Record<string, string> | undefined =>
    incoming &&
    Object.fromEntries(Object.entries(incoming).flatMap(([k, v]) => (v !== null ? [[k, v]] : k in stored ? [[k, stored[k]!]] : [])));
  const old = current.config;
  // A kept secret goes only where it went before: pointed at another URL or command, it could
  // be read back by whoever controls the new target.
  const oauthIn = entry.oauth as Record<string, unknown> | undefined;
  const keptOAuth = OAUTH_SECRETS.filter((name) => oauthIn?.[name] === null);
  const kept = [
    ...[...Object.entries(entry.env ?? {}), ...Object.entries(entry.headers ?? {})].filter(([, v]) => v === null).map(([k]) => k),
    ...keptOAuth.map((name) => `oauth.${name}`),
  ];
  if (kept.length > 0 && targetChanged(old, entry)) {
    throw new AppError(
      "bad_request:config",
      `This edit changes where the server's secrets could go (its ${old.transport === "stdio" ? "command, working directory or environment" : "URL or headers"}), so the stored values of ${kept.join(", ")} are not carried over: enter them again.`,
    );
  }
  const storedOAuth = old.transport !== "stdio" ? old.oauth : undefined;
  const oauth = oauthIn && {
    ...oauthIn,
    ...Object.fromEntries(keptOAuth.map((name) => [name, storedOAuth?.[name]])),
  };
  const config = toConfig(id, {
    ...entry,
    env: keep(entry.env, old.transport === "stdio" ? old.env : {}),
    headers: keep(entry.headers, old.transport !== "stdio" ? old.headers : {}),
    ...(oauth ? { oauth: Object.fromEntries(Object.entries(oauth).filter(([, v]) => v !== undefined && v !== null)) } : {}),
  });
  await assertSamplingModelUsable(config);
  await assertStdioAllowed(config);
  await (await serverStore()).update(config);
  serversChanged();
  await forgetOAuthOnChange(old, config);
  if (by) await recordEvent("server_changed", by, { ...described(config), before: described(old) });
  return snapshotOf(id);
}

/**
 * Trusts a server or stops: whether Toolscope believes what it says about its tools (its
 * read-only and destructive hints), which decides what runs without asking. The connection stays.
 */
export async function setServerTrust(id: string, trusted: boolean, by?: Caller): Promise<ServerSnapshot> {
  const current = (await registeredServers()).find((s) => s.config.id === id);
  if (!current) throw new AppError("not_found:server", `There is no server with id "${id}".`);
  if (current.source !== "database") throw new AppError("readonly:server");
  if (current.config.trusted !== trusted) {
    const config = { ...current.config, trusted };
    await (await serverStore()).update(config);
    serversChanged();
    if (by) await recordEvent("server_changed", by, { ...described(config), before: described(current.config) });
  }
  return snapshotOf(id);
}

/**
 * Another URL is another server: its tokens, registrations and discovery are forgotten. A switch
 * to one shared authorization starts without tokens (those of before accounts, or of whoever held
 * the shared slot, are not made everyone's).
 */
async function forgetOAuthOnChange(old: ServerConfig, config: ServerConfig): Promise<void> {
  const oldUrl = old.transport === "stdio" ? undefined : old.url;
  const newUrl = config.transport === "stdio" ? undefined : config.url;
  if (oldUrl !== newUrl) {
    await forgetServer(config.id);
    clearJournals(config.id);
    return;
  }
  const sharing = (c: ServerConfig) => (c.transport === "stdio" ? undefined : (c.oauth?.sharing ?? "personal"));
  if (sharing(old) !== sharing(config)) await revokeGrant(config.id, SHARED);
}

/**
 * Whether an edit may change where a kept secret goes: the URL (with its query), the command,
 * its working directory, or any env value or header added or changed. Which variable steers a
 * server's requests is the server's own business (GITHUB_HOST, OPENAI_BASE_URL, a Host header),
 * so none is assumed harmless; values left as they were (null) and removals are not changes.
 */
function targetChanged(old: ServerConfig, entry: ServerUpdate): boolean {
  const stdio = entry.command !== undefined || entry.transport === "stdio" || entry.type === "stdio";
  const changedValues = (incoming: Record<string, string | null> | undefined, stored: Record<string, string>): boolean =>
    Object.entries(incoming ?? {}).some(([name, value]) => value !== null && stored[name] !== value);
  if (old.transport === "stdio") {
    if (!stdio || entry.url !== undefined) return true;
    if (entry.command !== old.command || JSON.stringify(entry.args ?? []) !== JSON.stringify(old.args)) return true;
    if ((entry.cwd ?? undefined) !== (old.cwd ?? undefined)) return true;
    return changedValues(entry.env, old.env);
  }
  if (changedValues(entry.headers, old.headers)) return true;
  if (stdio) return true;
  const url = typeof entry.url === "string" ? entry.url : "";
  if (!URL.canParse(url)) return true;
  const before = new URL(old.url);
  const after = new URL(url);
  return before.origin !== after.origin || before.pathname !== after.pathname || before.search !== after.search;
}

export async function removeServer(id: string, by?: Caller): Promise<void> {
  const current = (await registeredServers()).find((s) => s.config.id === id);
  if (!current) throw new AppError("not_found:server", `There is no server with id "${id}".`);
  if (current.source !== "database") throw new AppError("readonly:server");
  await (await serverStore()).remove(id);
  serversChanged();
  // Its tokens and registrations go with it: a server added later under the same id is another one.
  await forgetServer(id);
  clearJournals(id);
  if (by) await recordEvent("server_removed", by, described(current.config));
  await allConnections();
}

export type ImportResult = { imported: string[]; skipped: { id: string; reason: string }[] };

/** Adds every server of an mcp.json document; ids already in use and invalid entries are skipped with the reason. */
export async function importServers(document: unknown, by?: Caller): Promise<ImportResult> {
  const parsed = parseMcpJson(document);
  if (parsed.configs.length === 0 && parsed.problems.some((p) => p.id === ""))
    throw new AppError("bad_request:config", parsed.problems[0]!.message);
  const taken = new Set((await registeredServers()).map((s) => s.config.id));
  const store = await serverStore();
  const result: ImportResult = { imported: [], skipped: parsed.problems.map((p) => ({ id: p.id, reason: p.message })) };
  for (const config of parsed.configs) {
    if (taken.has(config.id)) {
      result.skipped.push({ id: config.id, reason: "an id already in use" });
      continue;
    }
    const stdio = config.transport === "stdio" ? await stdioAllowed(config) : { allowed: true as const };
    if (!stdio.allowed) {
      result.skipped.push({ id: config.id, reason: stdio.reason });
      continue;
    }
    await store.insert(config);
    taken.add(config.id);
    result.imported.push(config.id);
    if (by) await recordEvent("server_added", by, { ...described(config), via: "mcp.json import" });
  }
  serversChanged();
  await allConnections();
  return result;
}

/** An mcp.json of the servers, with secret values replaced by a placeholder. */
export async function exportServers(): Promise<ReturnType<typeof toMcpJson>> {
  return toMcpJson((await registeredServers()).filter((s) => s.source !== "builtin").map((s) => s.config));
}
