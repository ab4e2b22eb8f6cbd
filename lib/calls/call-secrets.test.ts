// The secrets of a call besides its arguments': a URL server's headers, the credential after
// "Bearer", its URL's query, and the OAuth tokens its connection sends (read from the stored
// grant of the connection's principal); a stdio server's env values.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerConnection } from "@/lib/mcp/connection";
import type { ServerConfig } from "@/lib/domain/server-config";
import { callSecrets } from "./call-secrets";
import { forgetProductSettings } from "@/test/product-settings";

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-call-secrets-"));

beforeAll(() => {
  forgetProductSettings();
  Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_DEMO_SERVER: "off" });
});

afterAll(async () => {
  const { database } = await import("@/lib/db");
  await (await database()).destroy();
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Only what callSecrets reads of a connection. */
const connectionOf = (config: ServerConfig, principal = "shared"): ServerConnection =>
  ({ config, principal }) as unknown as ServerConnection;

describe("callSecrets", () => {
  it("takes out a URL server's header values, query values and the OAuth tokens of the connection's principal", async () => {
    const { updateGrant } = await import("@/lib/oauth/oauth-store");
    const tokens = { access_token: "at-Grant-8812aa", refresh_token: "rt-Grant-9923bb", token_type: "Bearer" };
    await updateGrant("remote", "ada", () => ({ tokens }));
    const config: ServerConfig = {
      id: "remote",
      name: "Remote",
      trusted: false,
      transport: "streamable-http",
      url: "https://mcp.example/mcp?key=q-Query-4471",
      headers: { Authorization: "Bearer hdr-Token-5560" },
    };
    const text = "at-Grant-8812aa rt-Grant-9923bb hdr-Token-5560 q-Query-4471 given-Arg-1234 plain";
    const adas = await callSecrets(connectionOf(config, "ada"), ["given-Arg-1234"]);
    expect(adas.text(text)).toBe("[redacted] [redacted] [redacted] [redacted] [redacted] plain");
    // Another principal's connection sends other tokens (here none): Ada's are not its secrets.
    const shared = await callSecrets(connectionOf(config), []);
    expect(shared.text(text)).toBe("at-Grant-8812aa rt-Grant-9923bb [redacted] [redacted] given-Arg-1234 plain");
  });

  it("takes out a stdio server's env values", async () => {
    const config: ServerConfig = {
      id: "local",
      name: "Local",
      trusted: false,
      transport: "stdio",
      command: "x",
      args: [],
      env: { API_KEY: "env-Key-7781" },
    };
    expect((await callSecrets(connectionOf(config), [])).text("key env-Key-7781")).toBe("key [redacted]");
  });
});
