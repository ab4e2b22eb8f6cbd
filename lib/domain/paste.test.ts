// What people paste to add a server, as READMEs and clients print it, read into the fields they meant.
import { describe, expect, it } from "vitest";
import { idFrom, idFromServerName, parsePasted } from "./paste";

describe("parsePasted: a command line", () => {
  it("splits it like a shell, with KEY=value words first as its environment", () => {
    expect(parsePasted(`GITHUB_TOKEN="ghp 123" npx -y @modelcontextprotocol/server-filesystem /tmp "My Documents"`)).toEqual({
      kind: "servers",
      from: "command",
      servers: [
        {
          id: "filesystem",
          name: "filesystem",
          transport: "stdio",
          command: "npx",
          args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp", "My Documents"],
          env: { GITHUB_TOKEN: "ghp 123" },
        },
      ],
    });
  });

  it("proposes an id from what npx, uvx, docker or node runs", () => {
    const id = (line: string) => {
      const pasted = parsePasted(line);
      return pasted.kind === "servers" ? pasted.servers[0]!.id : pasted;
    };
    expect(id("npx -y @modelcontextprotocol/server-memory@2025.1.1")).toBe("memory");
    expect(id("uvx mcp-server-time --local-timezone=Europe/Lisbon")).toBe("time");
    expect(id("uvx --from git+https://x/y mcp-server-fetch")).toBe("fetch");
    expect(id("docker run -i --rm -e GITHUB_TOKEN ghcr.io/github/github-mcp-server:latest")).toBe("github");
    expect(id("node /opt/servers/weather-mcp/dist/index.js")).toBe("weather");
    expect(id("/usr/bin/node /srv/app/node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio")).toBe("everything");
    expect(id("node ./build/weather.js --port 3")).toBe("weather");
    expect(id("python -m mcp_server_git --repository .")).toBe("git");
    expect(id(`"/usr/local/bin/Acme Tool"`)).toBe("acme-tool");
  });

  it("keeps $VARIABLES and globs as written, joins lines continued with a backslash", () => {
    expect(parsePasted("npx -y server-x $HOME/*.md \\\n  --verbose")).toMatchObject({
      servers: [{ command: "npx", args: ["-y", "server-x", "$HOME/*.md", "--verbose"] }],
    });
  });

  it("refuses what only a shell could run, saying why", () => {
    for (const line of ["npx server-x | tee log", "cd /srv && node index.js", "node index.js > out.log"]) {
      expect(parsePasted(line)).toMatchObject({ kind: "error", message: expect.stringContaining("without a shell") });
    }
    expect(parsePasted("API_KEY=1")).toMatchObject({ kind: "error", message: expect.stringContaining("add the command") });
    expect(parsePasted("   ")).toEqual({ kind: "empty" });
  });
});

describe("parsePasted: a URL", () => {
  it("is an HTTP server named after its host; a path ending in /sse is the legacy transport", () => {
    expect(parsePasted("https://mcp.github.example.com/mcp")).toMatchObject({
      servers: [{ id: "example", transport: "auto", url: "https://mcp.github.example.com/mcp" }],
    });
    expect(parsePasted("http://127.0.0.1:3001/sse")).toMatchObject({ servers: [{ id: "local-3001", transport: "sse" }] });
  });
});

describe("idFromServerName: the id a server's own name proposes", () => {
  it("takes the telling part of what the server calls itself", () => {
    expect(idFromServerName("mcp-servers/everything")).toBe("everything");
    expect(idFromServerName("@acme/mcp-server-github")).toBe("github");
    expect(idFromServerName("Weather Server")).toBe("weather");
    expect(idFromServerName("!!!")).toBeNull();
  });
});

describe("parsePasted: mcp.json", () => {
  it("reads Claude Desktop's mcpServers, several at once", () => {
    const pasted = parsePasted(
      JSON.stringify({
        mcpServers: {
          memory: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] },
          "Remote API": { type: "http", url: "https://api.example.com/mcp", headers: { Authorization: "Bearer x" } },
        },
      }),
    );
    expect(pasted).toMatchObject({
      kind: "servers",
      from: "json",
      servers: [
        { id: "memory", transport: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"], env: {} },
        { id: "remote-api", name: "Remote API", transport: "streamable-http", headers: { Authorization: "Bearer x" } },
      ],
    });
  });

  it("reads VS Code's servers, a fragment without braces, and one server's own entry", () => {
    expect(parsePasted(`{"servers": {"time": {"type": "stdio", "command": "uvx", "args": ["mcp-server-time"]}}}`)).toMatchObject({
      servers: [{ id: "time", command: "uvx" }],
    });
    expect(parsePasted(`"mcpServers": { "fs": { "command": "npx", "args": ["-y", "x"] } },`)).toMatchObject({ servers: [{ id: "fs" }] });
    expect(parsePasted(`{ "command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"] }`)).toMatchObject({
      servers: [{ id: "everything", transport: "stdio" }],
    });
    // A whole command line in "command", as some READMEs write it.
    expect(parsePasted(`{ "mcpServers": { "git": { "command": "uvx mcp-server-git --repository ." } } }`)).toMatchObject({
      servers: [{ id: "git", command: "uvx", args: ["mcp-server-git", "--repository", "."] }],
    });
  });

  it("says what is wrong with an entry it cannot use", () => {
    expect(parsePasted(`{ "mcpServers": { "x": { "command": "a", "url": "http://b" } } }`)).toMatchObject({
      kind: "error",
      message: expect.stringContaining("both a command and a url"),
    });
    expect(parsePasted(`{ "mcpServers": { "x": { "type": "carrier-pigeon", "url": "http://b" } } }`)).toMatchObject({
      kind: "error",
      message: expect.stringContaining("carrier-pigeon"),
    });
    expect(parsePasted(`{ "mcpServers": `)).toMatchObject({ kind: "error", message: expect.stringContaining("does not parse") });
  });
});

describe("idFrom", () => {
  it("makes a valid server id of any name", () => {
    expect(idFrom("My Weather Server!")).toBe("my-weather-server");
    expect(idFrom("---")).toBe("server");
    expect(idFrom("x".repeat(80))).toHaveLength(63);
  });
});
