// Several real Toolscope processes on one PostgreSQL database (a schema of the test's own,
// dropped afterwards), each with its own data directory and port, behind a round-robin proxy
// made in the test: a hosted deployment with replicas, on loopback. Replicas share what
// replicas must share (the secret key and the auth secret) and nothing else.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect } from "./test";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";

const POSTGRES_URL = process.env.TOOLSCOPE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type Replica = {
  name: string;
  port: number;
  baseUrl: string;
  process: OwnToolscope;
  /** SIGTERM (a graceful stop), and resolves once the process has exited. */
  stop: () => Promise<void>;
  /** Starts the replica again, on the same port, name and data directory; resolves once it is ready. */
  start: () => Promise<void>;
};

export type Replicas = {
  proxy: RoundRobinProxy;
  replicas: Replica[];
  /** Headers a script sends through the proxy: JSON, and the proxy's Origin. */
  headers: Record<string, string>;
  /** Queries the shared database directly. */
  query: <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
};

export type ReplicaOptions = {
  names: string[];
  /** The replicas' ports, in order; the proxy's. */
  ports: number[];
  proxyPort: number;
  env?: Record<string, string>;
};

async function admin<T extends pg.QueryResultRow>(text: string, values?: unknown[], schema?: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function startReplicas({ names, ports, proxyPort, env = {} }: ReplicaOptions): Promise<Replicas> {
  const schema = `toolscope_replicas_${randomBytes(4).toString("hex")}`;
  await admin(`create schema ${schema}`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-replicas-"));
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const shared = {
    DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    TOOLSCOPE_SECRET_KEY: randomBytes(32).toString("hex"),
    TOOLSCOPE_AUTH_SECRET: randomBytes(32).toString("hex"),
    TOOLSCOPE_PUBLIC_URL: proxyUrl,
    // An explicit, empty config: only servers added through the API, whatever mcp.json the repo holds.
    TOOLSCOPE_CONFIG: path.join(root, "mcp.json"),
    ...env,
  };
  fs.writeFileSync(shared.TOOLSCOPE_CONFIG, JSON.stringify({ mcpServers: {} }));

  const replicas: Replica[] = names.map((name, i) => {
    const port = ports[i]!;
    const dataDir = path.join(root, name);
    const replica: Replica = {
      name,
      port,
      baseUrl: `http://127.0.0.1:${port}`,
      process: undefined as unknown as OwnToolscope,
      stop: async () => {
        replica.process.signal("SIGTERM");
        await replica.process.exited;
      },
      start: async () => {
        replica.process = await startOwnToolscope({
          port,
          dataDir,
          env: { ...shared, TOOLSCOPE_REPLICA_NAME: name },
          logFile: path.join(root, `${name}.log`),
        });
        await expect
          .poll(async () => (await fetch(`${replica.baseUrl}/api/ready`).catch(() => null))?.status, { timeout: 30_000, intervals: [100] })
          .toBe(200);
      },
    };
    return replica;
  });
  // One at a time: the first migrates the database, the others find it done.
  for (const replica of replicas) await replica.start();
  const proxy = await startRoundRobinProxy(
    replicas.map((r) => ({ name: r.name, url: r.baseUrl })),
    proxyPort,
  );
  return {
    proxy,
    replicas,
    headers: { "content-type": "application/json", origin: proxyUrl },
    query: (text, values) => admin(text, values, schema),
    close: async () => {
      await proxy.close();
      await Promise.all(replicas.map((r) => r.process?.stop()));
      await admin(`drop schema ${schema} cascade`).catch(() => undefined);
      if (!process.env.TOOLSCOPE_E2E_KEEP) fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
