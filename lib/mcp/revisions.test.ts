// Toolscope's ServerConnection against servers whose newest protocol revision is 2025-03-26
// or 2025-06-18, each built with the npm release of the v1 SDK that shipped that revision,
// over stdio and Streamable HTTP (found by "auto"). The connection must settle on the
// server's revision, list its tools and call one.
import { afterAll, describe, expect, it } from "vitest";
import { toolResult } from "@/test/tool-result";
import { startHttpFixture, stdioCommand, type HttpFixture } from "@/test/fixtures/spawn";
import { ServerConnection } from "./connection";
import { ServerConfigSchema, type ServerConfig } from "../domain/server-config";

const fixtures: HttpFixture[] = [];
afterAll(() => Promise.all(fixtures.map((fixture) => fixture.stop())));

async function configFor(file: string, mode: "stdio" | "http"): Promise<ServerConfig> {
  const id = `${file.replace(/\.ts$/, "")}-${mode}`;
  if (mode === "stdio") return ServerConfigSchema.parse({ id, name: id, transport: "stdio", ...stdioCommand(file) });
  const fixture = await startHttpFixture(file, "http");
  fixtures.push(fixture);
  return ServerConfigSchema.parse({ id, name: id, transport: "auto", url: fixture.url });
}

describe.each([
  ["2025-03-26", "revision-2025-03.ts"],
  ["2025-06-18", "revision-2025-06.ts"],
])("a server whose newest revision is %s", (revision, file) => {
  it.each([
    ["stdio", "stdio"],
    ["http", "streamable-http"],
  ] as const)("is negotiated at that revision over %s, lists its tools and answers a call", async (mode, transport) => {
    const connection = new ServerConnection(await configFor(file, mode), "database", 10_000);
    try {
      await connection.ready();
      const snapshot = connection.snapshot();
      expect(snapshot).toMatchObject({ status: "ready", activeTransport: transport, protocolVersion: revision, toolCount: 2 });
      expect(snapshot.serverInfo).toMatchObject({ name: `fixture-revision-${revision.slice(0, 7)}` });
      expect(connection.protocolVersion()).toBe(revision);
      expect(connection.catalog().tools.map((tool) => tool.name)).toEqual(["add", "echo"]);
      expect(connection.catalog().invalid).toEqual([]);
      const sum = await toolResult(connection, "add", { a: 20, b: 22 });
      expect(sum).toMatchObject({ content: [{ type: "text", text: "42" }] });
      expect(sum.isError).toBeFalsy();
      const echoed = await toolResult(connection, "echo", { message: `over ${revision}` });
      expect(echoed.content).toEqual([{ type: "text", text: `over ${revision}` }]);
    } finally {
      await connection.close();
    }
  });
});
