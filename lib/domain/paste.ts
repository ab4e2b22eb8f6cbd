// What someone pastes to add a server, read the way they meant it: a shell command line (quotes,
// `KEY=value` prefixes, `npx`, `uvx`, `docker run -i`), a URL, or an mcp.json snippet
// (`mcpServers`, VS Code's `servers`, or one server's own entry), several servers at once.
// The command line is split by `shell-quote`, a real shell-words parser; Toolscope then runs
// the command itself, with no shell, so pipes, redirections and `&&` are refused with a reason.
// Pure and client-safe: the add-server form fills its fields from it as the person types.
import { parse as parseShellWords, type ParseEntry } from "shell-quote";
import { TYPE_TO_TRANSPORT } from "./transport-names";

/** One server as the add-server form holds it (lib/domain/server-config.ts has the stored shape). */
export type ServerDraft =
  | { id: string; name?: string; transport: "stdio"; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { id: string; name?: string; transport: "auto" | "streamable-http" | "sse"; url: string; headers: Record<string, string> };

export type Pasted =
  { kind: "empty" } | { kind: "servers"; servers: ServerDraft[]; from: "command" | "url" | "json" } | { kind: "error"; message: string };

const ENV_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/;
const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** A server id from a name: lower case, letters, digits, "-" and "_", at most 63, starting with a letter or digit. */
export function idFrom(name: string, fallback = "server"): string {
  const id = name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "")
    .slice(0, 63)
    .replace(/[-_]+$/, "");
  return ID_PATTERN.test(id) ? id : fallback;
}

/**
 * A server id from what the server calls itself on initialize: "mcp-servers/everything" →
 * "everything". It becomes the prefix of every agent tool of the server, so the server's own
 * name says more than a URL's host or port.
 */
export function idFromServerName(name: string): string | null {
  const id = idFrom(shortName(name.trim().replace(/\s+/g, "-")), "");
  return id === "" ? null : id;
}

/** The words a package or image name is known by: "@modelcontextprotocol/server-filesystem" → "filesystem". */
function shortName(reference: string): string {
  const last =
    reference
      .replace(/@[^/@]*$/, "") // a version: pkg@1.2.3 (not a scope's leading "@")
      .replace(/:[^/:]*$/, "") // an image tag: image:latest
      .split("/")
      .pop() ?? reference;
  const base = last.replace(/\.(m?[jt]s|cjs|py)$/, "");
  const stripped = base
    .replace(/^(mcp[-_]server[-_]|server[-_]mcp[-_]|mcp[-_]|server[-_])/i, "")
    .replace(/([-_]mcp[-_]server|[-_]mcp|[-_]server)$/i, "");
  return stripped || base;
}

/** Folders a script sits in that say nothing of what it is. */
const BUILD_FOLDERS = new Set(["dist", "build", "lib", "src", "bin", "out", "server"]);
const ENTRY_NAMES = new Set(["index", "main", "server", "cli", "app", "mod", "__main__"]);

/** A script's name: its package under node_modules, else its file, else (index.js) its folder. */
function scriptName(file: string): string {
  const parts = file.split(/[\\/]/).filter(Boolean);
  const modules = parts.lastIndexOf("node_modules");
  const pkg = modules >= 0 ? parts[modules + 1] : undefined;
  if (pkg) return shortName(pkg.startsWith("@") && parts[modules + 2] ? `${pkg}/${parts[modules + 2]}` : pkg);
  const base = (parts.at(-1) ?? file).replace(/\.(m?[jt]s|cjs|py)$/, "");
  if (!ENTRY_NAMES.has(base)) return shortName(base);
  const folder = parts
    .slice(0, -1)
    .reverse()
    .find((part) => !BUILD_FOLDERS.has(part) && part !== ".");
  return folder ? shortName(folder) : base;
}

/** The first argument that is not an option, after the runner's own words. */
function firstOperand(args: string[], skipValueOf: ReadonlySet<string> = new Set()): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (skipValueOf.has(arg)) {
      i++;
      continue;
    }
    if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}

/** A name to propose for a command line: the package npx/uvx runs, the image docker runs, the script node runs. */
function proposedName(command: string, args: string[]): string {
  const program = command.split(/[\\/]/).pop() ?? command;
  if (program === "npx" || program === "bunx" || program === "pnpx")
    return shortName(firstOperand(args, new Set(["-p", "--package"])) ?? program);
  if (program === "uvx" || program === "pipx")
    return shortName(
      firstOperand(
        args.filter((a) => a !== "run"),
        new Set(["--from", "--with", "--python"]),
      ) ?? program,
    );
  if (program === "docker" || program === "podman") {
    const afterRun = args.slice(args.indexOf("run") + 1);
    return shortName(
      firstOperand(
        afterRun,
        new Set(["-e", "--env", "-v", "--volume", "--name", "--network", "-p", "--env-file", "-w", "--workdir", "--user", "-u"]),
      ) ?? program,
    );
  }
  if (["node", "python", "python3", "deno", "bun", "tsx", "uv"].includes(program)) {
    const script = firstOperand(
      args.filter((a) => a !== "run"),
      new Set(["--directory", "-m"]),
    );
    const pythonModule = args[args.indexOf("-m") + 1];
    return args.includes("-m") && pythonModule ? shortName(pythonModule) : script ? scriptName(script) : program;
  }
  return shortName(program);
}

function describeOperator(entry: Exclude<ParseEntry, string>): string | undefined {
  if ("comment" in entry) return undefined;
  if ("op" in entry && entry.op === "glob") return undefined;
  return "op" in entry ? entry.op : undefined;
}

/** A command line as a stdio server: `KEY=value` words first are its environment. */
export function parseCommandLine(line: string): Pasted {
  let words: ParseEntry[];
  try {
    // "$NAME" stays as written: Toolscope passes an explicit environment, it does not expand one.
    words = parseShellWords(line, (name) => `$${name}`);
  } catch (error) {
    return { kind: "error", message: `That command line does not parse: ${error instanceof Error ? error.message : String(error)}` };
  }
  const env: Record<string, string> = {};
  const argv: string[] = [];
  for (const word of words) {
    if (typeof word === "string") {
      const assignment = argv.length === 0 ? ENV_ASSIGNMENT.exec(word) : null;
      if (assignment) env[assignment[1]!] = assignment[2]!;
      else argv.push(word);
      continue;
    }
    if ("comment" in word) break;
    if ("op" in word && word.op === "glob") {
      argv.push(word.pattern);
      continue;
    }
    const op = describeOperator(word);
    return {
      kind: "error",
      message: `Toolscope starts one command, without a shell, so "${op ?? "?"}" cannot be part of it. Paste just the server's command; put variables before it (KEY=value) or in Environment.`,
    };
  }
  const [command, ...args] = argv;
  if (!command)
    return Object.keys(env).length
      ? { kind: "error", message: "Only variables: add the command that starts the server." }
      : { kind: "empty" };
  const name = proposedName(command, args);
  return { kind: "servers", from: "command", servers: [{ id: idFrom(name), name, transport: "stdio", command, args, env }] };
}

function parseUrl(text: string): Pasted {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: "error", message: `"${text}" is not a URL.` };
  }
  // The host's most telling label: mcp.github.example → github; localhost:3001 → localhost-3001.
  const labels = url.hostname
    .split(".")
    .filter((label) => !["mcp", "www", "api", "com", "io", "dev", "app", "net", "org", "ai"].includes(label));
  const name =
    url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]"
      ? `local-${url.port || "mcp"}`
      : (labels.at(-1) ?? url.hostname);
  const transport = /\/sse\/?$/.test(url.pathname) ? "sse" : "auto";
  return { kind: "servers", from: "url", servers: [{ id: idFrom(name), transport, url: url.toString(), headers: {} }] };
}

type JsonEntry = {
  type?: unknown;
  transport?: unknown;
  command?: unknown;
  args?: unknown;
  env?: unknown;
  cwd?: unknown;
  url?: unknown;
  serverUrl?: unknown;
  headers?: unknown;
  name?: unknown;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function strings(value: unknown): Record<string, string> {
  return isRecord(value) ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string")) : {};
}

function draftOf(key: string, entry: JsonEntry): ServerDraft | string {
  const name = typeof entry.name === "string" ? entry.name : key;
  const url = typeof entry.url === "string" ? entry.url : typeof entry.serverUrl === "string" ? entry.serverUrl : undefined;
  const kind = typeof entry.type === "string" ? entry.type : typeof entry.transport === "string" ? entry.transport : undefined;
  if (kind && !TYPE_TO_TRANSPORT[kind]) return `"${key}": unknown transport type "${kind}" (use stdio, http, sse or auto)`;
  if (typeof entry.command === "string") {
    if (url) return `"${key}": it has both a command and a url; keep only one`;
    // Some snippets put the whole command line in "command".
    const split = Array.isArray(entry.args) && entry.args.length > 0 ? null : parseCommandLine(entry.command);
    const fromLine = split?.kind === "servers" ? split.servers[0] : undefined;
    const command = fromLine?.transport === "stdio" ? fromLine.command : entry.command;
    const args =
      fromLine?.transport === "stdio"
        ? fromLine.args
        : Array.isArray(entry.args)
          ? entry.args.filter((a): a is string => typeof a === "string")
          : [];
    const env = { ...(fromLine?.transport === "stdio" ? fromLine.env : {}), ...strings(entry.env) };
    return { id: idFrom(key), name, transport: "stdio", command, args, env, ...(typeof entry.cwd === "string" ? { cwd: entry.cwd } : {}) };
  }
  if (url) {
    const declared = kind ? TYPE_TO_TRANSPORT[kind] : undefined;
    return { id: idFrom(key), name, transport: declared && declared !== "stdio" ? declared : "auto", url, headers: strings(entry.headers) };
  }
  return `"${key}": it needs a command (stdio) or a url (HTTP)`;
}

/** One server's entry pasted without its key: named after what it runs, as a command line would be. */
function singleName(entry: JsonEntry): string {
  if (typeof entry.command === "string") {
    const line = parseCommandLine(entry.command);
    const args = Array.isArray(entry.args) ? entry.args.filter((a): a is string => typeof a === "string") : [];
    if (line.kind === "servers" && line.servers[0]?.transport === "stdio") {
      const { command, args: fromLine } = line.servers[0];
      return proposedName(command, [...fromLine, ...args]);
    }
  }
  const url = typeof entry.url === "string" ? entry.url : typeof entry.serverUrl === "string" ? entry.serverUrl : "";
  const fromUrl = parseUrl(url);
  return fromUrl.kind === "servers" ? fromUrl.servers[0]!.id : "server";
}

function parseJson(text: string): Pasted {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    // A snippet copied out of a larger file often lacks its outer braces: `"mcpServers": {…}`.
    try {
      document = JSON.parse(`{${text.replace(/,\s*$/, "")}}`);
    } catch {
      return {
        kind: "error",
        message: `That looks like JSON but does not parse: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  if (!isRecord(document))
    return { kind: "error", message: 'Paste an object: { "mcpServers": { … } }, or one server\'s { "command": … }.' };
  const single = "command" in document || "url" in document || "serverUrl" in document;
  const map = single
    ? { [typeof document.name === "string" ? document.name : singleName(document)]: document }
    : isRecord(document.mcpServers)
      ? document.mcpServers
      : isRecord(document.servers)
        ? document.servers
        : isRecord(document.mcp) && isRecord(document.mcp.servers)
          ? document.mcp.servers
          : document;
  const servers: ServerDraft[] = [];
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(map)) {
    if (!isRecord(entry)) {
      problems.push(`"${key}" is not a server entry`);
      continue;
    }
    const draft = draftOf(key, entry);
    if (typeof draft === "string") problems.push(draft);
    else servers.push(draft);
  }
  if (servers.length === 0)
    return { kind: "error", message: problems[0] ?? 'No servers in that JSON: it should have "mcpServers" (or "servers").' };
  return { kind: "servers", from: "json", servers };
}

/** Whatever was pasted, as the servers it describes (or why it describes none). */
export function parsePasted(text: string): Pasted {
  const trimmed = text.trim();
  if (!trimmed) return { kind: "empty" };
  // JSON: an object, or a fragment of one (`"mcpServers": {…}`); a quoted program path is a command.
  if (trimmed.startsWith("{") || /^"[^"]*"\s*:/.test(trimmed)) return parseJson(trimmed);
  if (/^https?:\/\//i.test(trimmed)) return parseUrl(trimmed);
  // Several lines of a command (continued with "\" as READMEs print them) are one command line.
  return parseCommandLine(trimmed.replace(/\\\r?\n/g, " ").replace(/\r?\n/g, " "));
}
