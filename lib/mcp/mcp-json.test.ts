import { describe, expect, it } from "vitest";
import { entryToConfig, parseMcpJson, REDACTED_VALUE, toMcpJson } from "./mcp-json";
import { scrubSecrets } from "../domain/server-config";

describe("parseMcpJson", () => {
  it("reads Claude Desktop / Cursor style mcpServers", () => {
    const { configs, problems } = parseMcpJson({
      mcpServers: {
        files: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], env: { DEBUG: "1" } },
        remote: { url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer t" } },
        legacy: { type: "sse", url: "http://127.0.0.1:3001/sse" },
        pinned: { type: "http", url: "http://127.0.0.1:3001/mcp", name: "Pinned", trusted: true },
      },
    });
    expect(problems).toEqual([]);
    expect(configs).toEqual([
      {
        id: "files",
        name: "files",
        trusted: false,
        transport: "stdio",
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
        env: { DEBUG: "1" },
      },
      {
        id: "remote",
        name: "remote",
        trusted: false,
        transport: "auto",
        url: "https://mcp.example.com/mcp",
        headers: { Authorization: "Bearer t" },
      },
      { id: "legacy", name: "legacy", trusted: false, transport: "sse", url: "http://127.0.0.1:3001/sse", headers: {} },
      { id: "pinned", name: "Pinned", trusted: true, transport: "streamable-http", url: "http://127.0.0.1:3001/mcp", headers: {} },
    ]);
  });

  it("reads VS Code's `servers` key and its stdio type", () => {
    const { configs } = parseMcpJson(JSON.stringify({ servers: { mem: { type: "stdio", command: "node", args: ["x.js"] } } }));
    expect(configs[0]).toMatchObject({ id: "mem", transport: "stdio", command: "node" });
  });

  it("reports bad entries without losing the good ones", () => {
    const { configs, problems } = parseMcpJson({
      mcpServers: {
        ok: { command: "node" },
        "Bad Id": { command: "x" },
        nothing: {},
        weird: { type: "carrier-pigeon", url: "http://x" },
        ftp: { url: "ftp://x" },
      },
    });
    expect(configs.map((c) => c.id)).toEqual(["ok"]);
    expect(problems.map((p) => p.id)).toEqual(["Bad Id", "nothing", "weird", "ftp"]);
    expect(problems[1]!.message).toMatch(/command.*url/);
    expect(problems[2]!.message).toMatch(/Unknown transport type "carrier-pigeon"/);
  });

  it("explains a document that is not mcp.json", () => {
    expect(parseMcpJson("{not json").problems[0]!.message).toMatch(/Not valid JSON/);
    expect(parseMcpJson({ something: 1 }).problems[0]!.message).toMatch(/mcpServers/);
  });
});

describe("toMcpJson", () => {
  it("round-trips, hiding secret values unless asked", () => {
    const { configs } = parseMcpJson({
      mcpServers: {
        a: { command: "node", args: ["s.js"], env: { API_KEY: "k" } },
        b: { type: "sse", url: "https://user:pw@x.example/sse?token=abc", headers: { Authorization: "Bearer t" } },
      },
    });
    const hidden = toMcpJson(configs);
    expect(hidden.mcpServers.a!.env).toEqual({ API_KEY: REDACTED_VALUE });
    expect(hidden.mcpServers.b!.headers).toEqual({ Authorization: REDACTED_VALUE });
    expect(JSON.stringify(hidden)).not.toMatch(/Bearer t|"k"|abc|:pw@/);
    expect(parseMcpJson(toMcpJson(configs, { includeSecrets: true })).configs).toEqual(configs);
  });
});

describe("entryToConfig", () => {
  it("validates ids", () => {
    expect(entryToConfig("UPPER", { command: "x" })).toMatchObject({ ok: false });
    expect(entryToConfig("mcp.json", { command: "x" })).toMatchObject({ ok: false });
  });
});

describe("secrets and roots in entries", () => {
  it("moves URL credentials into a Basic Authorization header (fetch refuses them in the URL)", () => {
    const result = entryToConfig("cred", { url: "https://ada:p%40ss@x.example/mcp" });
    expect(result).toMatchObject({ ok: true, config: { url: "https://x.example/mcp" } });
    const headers = result.ok && result.config.transport !== "stdio" ? result.config.headers : {};
    expect(headers.Authorization).toBe(`Basic ${Buffer.from("ada:p@ss").toString("base64")}`);
    // An explicit Authorization header wins; the URL is cleaned either way.
    const explicit = entryToConfig("cred", { url: "https://ada:pw@x.example/mcp", headers: { authorization: "Bearer t" } });
    expect(explicit).toMatchObject({ ok: true, config: { url: "https://x.example/mcp", headers: { authorization: "Bearer t" } } });
  });

  it("refuses an exported placeholder as if it were the secret", () => {
    const exported = toMcpJson(
      parseMcpJson({ mcpServers: { a: { command: "node", env: { API_KEY: "k" } }, b: { url: "https://x.example/mcp?key=abc" } } }).configs,
    );
    const reimported = parseMcpJson(exported);
    expect(reimported.configs).toEqual([]);
    expect(reimported.problems.map((p) => p.id)).toEqual(["a", "b"]);
    expect(reimported.problems[0]!.message).toMatch(/env API_KEY is still "<redacted>"/);
    expect(reimported.problems[1]!.message).toMatch(/the URL is still/);
  });

  it("keeps roots, and exports them", () => {
    const roots = [{ uri: "file:///srv/project", name: "Project" }];
    const result = entryToConfig("r", { command: "node", roots });
    expect(result).toMatchObject({ ok: true, config: { roots } });
    expect(toMcpJson(result.ok ? [result.config] : []).mcpServers.r).toMatchObject({ roots });
  });

  it("keeps a sampling model named provider/model, exports it, and refuses any other name", () => {
    const result = entryToConfig("m", { command: "node", samplingModel: "openai/llama3.2:1b" });
    expect(result).toMatchObject({ ok: true, config: { samplingModel: "openai/llama3.2:1b" } });
    expect(toMcpJson(result.ok ? [result.config] : []).mcpServers.m).toMatchObject({ samplingModel: "openai/llama3.2:1b" });
    const off = entryToConfig("n", { command: "node" });
    expect(off.ok && off.config.samplingModel).toBeUndefined();
    for (const wrong of ["gpt-4o", "mistral/large", "openai/"]) {
      const refused = entryToConfig("w", { command: "node", samplingModel: wrong });
      expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/samplingModel.*provider\/model/) });
    }
  });
});

describe("scrubSecrets", () => {
  it("takes header values, bearer tokens and query values out of text about a server", () => {
    const result = entryToConfig("s", { url: "https://x.example/mcp?api_key=qk-123456", headers: { Authorization: "Bearer tok-abcdef" } });
    if (!result.ok) throw new Error(result.message);
    const text = scrubSecrets(result.config, "fetch https://x.example/mcp?api_key=qk-123456 failed; sent tok-abcdef");
    expect(text).toBe("fetch https://x.example/mcp?api_key=<redacted> failed; sent <redacted>");
  });
});

describe("OAuth settings in mcp.json", () => {
  it("reads them, refuses what cannot work, and exports them without secrets", () => {
    const oauth = { clientId: "by-hand", clientSecret: "client-secret-value", scope: "issues:read", sharing: "shared" };
    const read = entryToConfig("tracker", { url: "https://mcp.tracker.example/mcp", oauth });
    expect(read).toMatchObject({ ok: true, config: { oauth: { ...oauth, grant: "authorization_code" } } });
    expect(entryToConfig("x", { command: "node", oauth: {} })).toMatchObject({ ok: false, message: expect.stringMatching(/URL/) });
    expect(entryToConfig("x", { url: "https://a.example/mcp", oauth: { clientSecret: "s" } })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/client id/),
    });
    expect(entryToConfig("x", { url: "https://a.example/mcp", oauth: { grant: "client_credentials", clientId: "c" } })).toMatchObject({
      ok: false,
    });
    expect(entryToConfig("x", { url: "https://a.example/mcp", oauth: { unknown: true } })).toMatchObject({ ok: false });

    const config = (read as { config: Parameters<typeof toMcpJson>[0][number] }).config;
    const exported = JSON.stringify(toMcpJson([config]));
    expect(exported).not.toContain("client-secret-value");
    expect(exported).toContain(`"clientSecret":"${REDACTED_VALUE}"`);
    expect(exported).toContain(`"clientId":"by-hand"`);
    // Re-importing an export is refused until the secret is put back.
    const again = parseMcpJson(exported);
    expect(again.problems[0]?.message).toMatch(/oauth.clientSecret/);
    expect(scrubSecrets(config, "failed with client-secret-value")).toBe("failed with <redacted>");
  });
});
