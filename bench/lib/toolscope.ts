// The measured path: Toolscope's HTTP API, on a production server (.toolscope/server.mjs, the
// front door with Next behind it) that this bench starts from the repo's existing build, or on
// one the user already runs.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { startDemoProcess, type ChildServer } from "./demo-process";
import { ECHO_MESSAGE } from "./direct";
import { onCleanup } from "./lifecycle";
import type { Call } from "./measure";

export const BENCH_SERVER_ID = "bench";

/** A Toolscope being started: `stop` is safe to call at any time, even before `ready` settles. */
export type LaunchedToolscope = { baseUrl: string; ready: Promise<void>; stop: () => Promise<void>; processGroup: number | undefined };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts the built server from the repo's .next and .toolscope with a throw-away data dir, so the bench never
 * touches the user's database or build. Returns undefined when there is no build to start.
 */
export async function launchToolscope(
  repoRoot: string,
  log: (line: string) => void,
  /** More settings: DATABASE_URL and the shared secrets for replicas (bench/replicas.ts). */
  extraEnv: Record<string, string> = {},
): Promise<LaunchedToolscope | undefined> {
  const serverBundle = path.join(repoRoot, ".toolscope", "server.mjs");
  if (!fs.existsSync(path.join(repoRoot, ".next", "BUILD_ID")) || !fs.existsSync(serverBundle)) return undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-bench-"));
  // An explicit, empty mcp.json keeps a repo-root mcp.json (the user's servers) out of the run.
  const configFile = path.join(dataDir, "mcp.json");
  fs.writeFileSync(configFile, JSON.stringify({ mcpServers: {} }));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_CONFIG: configFile,
    TOOLSCOPE_DEMO_SERVER: "off",
    TOOLSCOPE_PORT: String(port),
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // The audit log under test is SQLite in the temp dir, whatever the user's shell points at, unless the bench names one.
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  // BENCH_TOOLSCOPE_NODE_ARGS: flags for Toolscope's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to
  // profile it under the bench's load (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_TOOLSCOPE_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, serverBundle], {
    cwd: repoRoot,
    env,
    // Its own process group, so that the server and anything it spawns stop together.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keepTail = (chunk: Buffer): void => void (output = (output + chunk.toString("utf8")).slice(-4000));
  child.stdout?.on("data", keepTail);
  child.stderr?.on("data", keepTail);

  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    const signalGroup = (signal: NodeJS.Signals): void => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // ESRCH: the group is already gone.
      }
    };
    signalGroup("SIGTERM");
    await Promise.race([exited(child), sleep(5000)]);
    // Whatever is left of the group (a child of next's that ignored SIGTERM) goes now.
    signalGroup("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  log(`starting Toolscope (.toolscope/server.mjs) on ${baseUrl}, data in ${dataDir}`);
  const ready = (async (): Promise<void> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (stopped) throw new Error("Toolscope was stopped before it was ready");
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Toolscope exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`Toolscope did not answer /api/health within 60 s:\n${output}`);
      const healthy = await fetch(`${baseUrl}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (healthy) return;
      await sleep(200);
    }
  })();
  // Awaited by the caller; this only keeps a stop() during start-up from being an unhandled rejection.
  ready.catch(() => undefined);
  return { baseUrl, ready, stop, processGroup: child.pid };
}

/**
 * The demo server in a process of its own and the built Toolscope with it registered as `bench` and
 * connected; both stop with the bench. Undefined when there is no build (the bench says so and exits).
 */
export async function toolscopeWithDemo(
  repoRoot: string,
  log: (line: string) => void,
): Promise<{ demo: ChildServer; launched: LaunchedToolscope; api: ToolscopeApi; snapshot: Snapshot } | undefined> {
  const demo = await startDemoProcess(repoRoot);
  onCleanup(() => demo.close());
  const launched = await launchToolscope(repoRoot, log);
  if (!launched) {
    process.stderr.write("There is no production build: run `npm run build` first.\n");
    return undefined;
  }
  onCleanup(launched.stop);
  await launched.ready;
  const api = new ToolscopeApi(launched.baseUrl);
  await api.register(demo.url);
  onCleanup(() => api.unregister());
  return { demo, launched, api, snapshot: await api.waitReady() };
}

type Snapshot = { status: string; error: string | null; protocolVersion: string | null };
type CallAnswer = { status?: string; result?: { content?: { type: string; text?: string }[] }; protocolVersion?: string };

/** Toolscope's HTTP API, as a script uses it. */
export class ToolscopeApi {
  private readonly headers: Record<string, string>;

  constructor(readonly baseUrl: string) {
    // A Toolscope started with TOOLSCOPE_API_TOKEN refuses scripts without it.
    const token = process.env.TOOLSCOPE_API_TOKEN;
    this.headers = { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) };
  }

  private async request(method: string, pathname: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const response = await fetch(this.baseUrl + pathname, {
      method,
      headers: this.headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: await response.json().catch(() => null) };
  }

  async health(): Promise<{ database?: string }> {
    const answer = await this.request("GET", "/api/health").catch((error: unknown) => {
      throw new Error(`cannot reach Toolscope at ${this.baseUrl}: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (answer.status !== 200) throw new Error(`${this.baseUrl}/api/health answered HTTP ${answer.status}: ${JSON.stringify(answer.json)}`);
    return answer.json as { database?: string };
  }

  /** Registers the demo server; a `bench` left over from an interrupted run is pointed at it instead. */
  async register(mcpUrl: string): Promise<void> {
    const entry = { url: mcpUrl, type: "http" };
    let answer = await this.request("POST", "/api/servers", { id: BENCH_SERVER_ID, ...entry });
    if (answer.status === 409) answer = await this.request("PUT", `/api/servers/${BENCH_SERVER_ID}`, entry);
    if (answer.status !== 201 && answer.status !== 200) {
      throw new Error(`registering the demo server failed (HTTP ${answer.status}): ${JSON.stringify(answer.json)}`);
    }
  }

  /**
   * Adds any server under `id` (POST /api/servers). Toolscope starts connecting to it at once,
   * so a caller that wants a fresh connection removes the id first (see removeServer).
   */
  async addServer(id: string, entry: Record<string, unknown>): Promise<void> {
    const answer = await this.request("POST", "/api/servers", { id, ...entry });
    if (answer.status !== 201) throw new Error(`adding server "${id}" failed (HTTP ${answer.status}): ${JSON.stringify(answer.json)}`);
  }

  /** Removes a server and closes its connection; false when there was none with that id. */
  async removeServer(id: string): Promise<boolean> {
    const answer = await this.request("DELETE", `/api/servers/${encodeURIComponent(id)}`);
    if (answer.status === 404) return false;
    if (answer.status !== 200) throw new Error(`removing server "${id}" failed (HTTP ${answer.status}): ${JSON.stringify(answer.json)}`);
    return true;
  }

  /** GET /api/servers/{id}/tools: waits for the connection, then answers with every tool. */
  async toolCount(id: string): Promise<number> {
    const answer = await this.request("GET", `/api/servers/${encodeURIComponent(id)}/tools`);
    const tools = (answer.json as { tools?: unknown[] } | null)?.tools;
    if (answer.status !== 200 || !tools) throw new Error(`listing the tools of "${id}" failed (HTTP ${answer.status})`);
    return tools.length;
  }

  async waitReady(timeoutMs = 30_000, id = BENCH_SERVER_ID): Promise<Snapshot> {
    const deadline = Date.now() + timeoutMs;
    let last: Snapshot | undefined;
    while (Date.now() < deadline) {
      const { json } = await this.request("GET", `/api/servers/${encodeURIComponent(id)}`);
      last = (json as { server?: Snapshot } | null)?.server;
      if (last?.status === "ready") return last;
      await sleep(100);
    }
    throw new Error(`server "${id}" is not ready after ${timeoutMs} ms: ${JSON.stringify(last)}`);
  }

  echoCall(): Call {
    return fetchEchoCall(`${this.baseUrl}/api/servers/${BENCH_SERVER_ID}/tools/echo/call`, this.headers, "Toolscope");
  }

  /** Pages through the audit log's records of the bench server (narrowed by `filters`): how many, and how many ended `ok`. */
  async auditedCalls(filters: Record<string, string> = {}): Promise<{ records: number; ok: number }> {
    let records = 0;
    let ok = 0;
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ server: BENCH_SERVER_ID, kind: "call", limit: "500", ...filters, ...(cursor ? { cursor } : {}) });
      const { json } = await this.request("GET", `/api/audit?${query}`);
      const page = json as { records: { outcome: string }[]; nextCursor: string | null };
      records += page.records.length;
      ok += page.records.filter((r) => r.outcome === "ok").length;
      cursor = page.nextCursor;
    } while (cursor);
    return { records, ok };
  }

  /** The newest audit record of the bench server: proof that the measured calls were audited. */
  async lastAuditOutcome(): Promise<string | undefined> {
    const { json } = await this.request("GET", `/api/audit?server=${BENCH_SERVER_ID}&limit=1`);
    return (json as { records?: { outcome?: string }[] } | null)?.records?.[0]?.outcome;
  }

  async unregister(): Promise<void> {
    await this.request("DELETE", `/api/servers/${BENCH_SERVER_ID}`);
  }
}

/**
 * An `echo` call answered as Toolscope's API answers it (`{ status, result }`), sent with
 * `fetch`: the client of both proxy paths, Toolscope and the floor proxy.
 */
export function fetchEchoCall(url: string, headers: Record<string, string>, what: string): Call {
  const body = JSON.stringify({ arguments: { message: ECHO_MESSAGE } });
  return async () => {
    const response = await fetch(url, { method: "POST", headers, body });
    const answer = (await response.json()) as CallAnswer;
    const first = answer.result?.content?.[0];
    if (response.status !== 200 || answer.status !== "ok" || first?.type !== "text" || first.text !== ECHO_MESSAGE) {
      throw new Error(`${what} echo answered unexpectedly (HTTP ${response.status}): ${JSON.stringify(answer).slice(0, 300)}`);
    }
  };
}
