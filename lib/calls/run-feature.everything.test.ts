// The reference `everything` server from npm (@modelcontextprotocol/server-everything), over
// stdio and over Streamable HTTP, through the pipeline as a person uses it: every resource it
// lists reads, each template reads with an id, and every prompt gets, its required arguments
// filled from the server's own completions where it offers them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS, type Caller } from "@/lib/domain/roles";
import { startHttpFixture, stdioCommand, type HttpFixture } from "@/test/fixtures/spawn";
import { forgetProductSettings } from "@/test/product-settings";

let http: HttpFixture;
let dataDir: string;
const savedEnv = { ...process.env };
const caller: Caller = { ...ANONYMOUS, actor: "local", name: "Local user", role: "admin", authMethod: "local", clientIp: "127.0.0.1" };

beforeAll(async () => {
  http = await startHttpFixture("everything.ts", "streamableHttp");
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-everything-features-"));
  const stdio = stdioCommand("everything.ts");
  fs.writeFileSync(
    path.join(dataDir, "mcp.json"),
    JSON.stringify({ mcpServers: { "everything-stdio": stdio, "everything-http": { type: "http", url: http.url } } }),
  );
  forgetProductSettings();
  Object.assign(process.env, {
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_CONFIG: path.join(dataDir, "mcp.json"),
    TOOLSCOPE_DEMO_SERVER: "off",
  });
}, 30_000);

afterAll(async () => {
  const { allConnections } = await import("@/lib/mcp/pool");
  await Promise.all((await allConnections()).map((connection) => connection.close()));
  await http.stop();
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.each(["everything-stdio", "everything-http"])("%s: the whole server", (serverId) => {
  it("every resource lists and reads, and each template reads with an id", async () => {
    const { serverResources } = await import("@/lib/mcp/server-catalogs");
    const { readResource } = await import("@/lib/calls/run-feature");
    const catalog = await serverResources(serverId, caller);
    expect(catalog.resources.length).toBeGreaterThan(0);
    expect(catalog.templates.length).toBeGreaterThan(0);
    const uris = [...catalog.resources.map((r) => r.uri), ...catalog.templates.map((t) => t.uriTemplate.replace("{resourceId}", "1"))];
    for (const uri of uris) {
      const answer = await readResource({ serverId, uri, caller });
      expect(answer.status, `${uri}: ${answer.error?.message ?? ""}`).toBe("ok");
      expect(answer.result?.contents.length, uri).toBeGreaterThan(0);
    }
  }, 60_000);

  it("every prompt gets, its required arguments filled from the server's completions", async () => {
    const { serverPrompts } = await import("@/lib/mcp/server-catalogs");
    const { complete, getPrompt } = await import("@/lib/calls/run-feature");
    const { prompts } = await serverPrompts(serverId, caller);
    expect(prompts.length).toBeGreaterThan(0);
    for (const prompt of prompts) {
      const args: Record<string, string> = {};
      for (const argument of prompt.arguments ?? []) {
        if (!argument.required) continue;
        const offered = await complete({
          serverId,
          ref: { type: "ref/prompt", name: prompt.name },
          argument: { name: argument.name, value: "" },
          context: { arguments: args },
          caller,
        });
        args[argument.name] = offered.result?.completion.values[0] ?? "1";
      }
      const answer = await getPrompt({ serverId, name: prompt.name, arguments: args, caller });
      expect(answer.status, `${prompt.name}(${JSON.stringify(args)}): ${answer.error?.message ?? ""}`).toBe("ok");
      expect(answer.result?.messages.length, prompt.name).toBeGreaterThan(0);
    }
  }, 60_000);

  it("takes a logging level (its revision has logging/setLevel)", async () => {
    const { serverLog, setServerLogLevel } = await import("@/lib/mcp/server-catalogs");
    expect((await serverLog(serverId, caller)).canSetLevel).toBe(true);
    await expect(setServerLogLevel(serverId, "debug", caller)).resolves.toMatchObject({ canSetLevel: true });
  });

  it("answers a ping, with its round trip", async () => {
    const { pingServer } = await import("@/lib/mcp/server-catalogs");
    const answer = await pingServer(serverId, caller);
    expect(answer).toMatchObject({ answered: true });
    expect(answer.roundTripMs).toBeGreaterThanOrEqual(0);
  });
});
