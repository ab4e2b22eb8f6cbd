// The reference filesystem server from npm (@modelcontextprotocol/server-filesystem), started
// with no directory of its own: it asks Toolscope for roots (roots/list) and works within the
// ones the server's config offers. It declares tools only: its resources and prompts are
// reported as not offered, and nothing is asked.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import { afterAll, describe, expect, it } from "vitest";
import { toolResult } from "@/test/tool-result";
import { ServerConnection } from "./connection";
import { ServerConfigSchema } from "../domain/server-config";
import { listPromptCatalog, listResourceCatalog } from "./server-features";

const entry = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-filesystem/dist/index.js");
const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-fs-root-")));
fs.writeFileSync(path.join(root, "notes.md"), "# Notes\n\nOffered as a root.\n");

describe("the reference filesystem server", () => {
  const connection = new ServerConnection(
    ServerConfigSchema.parse({
      id: "filesystem",
      name: "Filesystem",
      transport: "stdio",
      command: process.execPath,
      args: [entry],
      roots: [{ uri: pathToFileURL(root).href, name: "Test root" }],
    }),
    "database",
    10_000,
  );
  afterAll(async () => {
    await connection.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("works within the roots Toolscope offers it", async () => {
    await connection.ready();
    await expect
      .poll(async () => JSON.stringify(await toolResult(connection, "list_allowed_directories", {})), { timeout: 10_000 })
      .toContain(root);
    const read = await toolResult(connection, "read_text_file", { path: path.join(root, "notes.md") });
    expect(JSON.stringify(read)).toContain("Offered as a root.");
    const outside = await toolResult(connection, "read_text_file", { path: "/etc/hostname" });
    expect(outside).toMatchObject({ isError: true });
  });

  it("declares no resources and no prompts: both are reported as not offered", async () => {
    expect(await listResourceCatalog(connection)).toEqual({ supported: false, resources: [], templates: [], truncated: false });
    expect(await listPromptCatalog(connection)).toEqual({ supported: false, prompts: [], truncated: false });
  });
});
