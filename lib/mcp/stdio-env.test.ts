// The environment a stdio server gets when ServerConnection spawns it: the SDK's short
// whitelist plus the config's own `env`, never the rest of Toolscope's environment (which
// holds database URLs and tokens). Checked from inside a real child process, the probe
// fixture, which lists the variables it sees.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolResult } from "@/test/tool-result";
import { DEFAULT_INHERITED_ENV_VARS } from "@modelcontextprotocol/client/stdio";
import { stdioCommand } from "@/test/fixtures/spawn";
import { ServerConnection } from "./connection";
import { ServerConfigSchema } from "../domain/server-config";

const SECRET = "TOOLSCOPE_SECRET_PROBE";
const CONFIGURED = { PROBE_CONFIGURED: "from the config", TERM: "probe-term" };

type SeenEnv = { keys: string[]; values: Record<string, string | null> };

describe("the environment of a stdio server", () => {
  let connection: ServerConnection;
  let seen: SeenEnv;
  const hadTerm = "TERM" in process.env;
  const term = process.env.TERM;

  beforeAll(async () => {
    process.env[SECRET] = "x";
    // TERM is on the whitelist: set it here so that the config's value has something to override.
    process.env.TERM ??= "parent-term";
    const config = ServerConfigSchema.parse({
      id: "probe-env",
      name: "probe-env",
      transport: "stdio",
      ...stdioCommand("probe.ts"),
      env: CONFIGURED,
    });
    connection = new ServerConnection(config, "database", 10_000);
    const result = await toolResult(connection, "env", { show: [SECRET, "PATH", ...Object.keys(CONFIGURED)] });
    seen = result.structuredContent as SeenEnv;
  });
  afterAll(async () => {
    delete process.env[SECRET];
    if (hadTerm) process.env.TERM = term;
    else delete process.env.TERM;
    await connection?.close();
  });

  it("does not pass on a variable of Toolscope's own environment", () => {
    expect(process.env[SECRET]).toBe("x");
    expect(seen.keys).not.toContain(SECRET);
    expect(seen.values[SECRET]).toBeNull();
  });

  it("passes the variables the server's config sets, over inherited ones of the same name", () => {
    expect(seen.values).toMatchObject(CONFIGURED);
  });

  it("passes PATH, unchanged", () => {
    expect(seen.values.PATH).toBe(process.env.PATH);
  });

  it("passes nothing beyond the whitelist and the config", () => {
    const allowed = new Set([...DEFAULT_INHERITED_ENV_VARS, ...Object.keys(CONFIGURED)]);
    expect(seen.keys.filter((key) => !allowed.has(key))).toEqual([]);
    // The parent has many more variables than that (vitest alone sets several).
    expect(Object.keys(process.env).filter((key) => !allowed.has(key)).length).toBeGreaterThan(0);
  });
});
