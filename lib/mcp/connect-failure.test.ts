// Each kind of failed connection, produced for real (an HTTP server that answers a 404 page, a
// web page, 403, nothing on a port, plain http on an https URL, a command that does not exist, one
// that exits at once), explained in one line with no markup.
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explainConnectFailure, plainText } from "./connect-failure";
import { testConnection } from "./connection-test";
import { forgetProductSettings } from "@/test/product-settings";

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-connect-failure-"));
let site: http.Server;
let base = "";

beforeAll(async () => {
  forgetProductSettings();
  Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_DEMO_SERVER: "off" });
  // A web site, not an MCP server.
  site = http.createServer((request, response) => {
    if (request.url?.startsWith("/forbidden")) return void response.writeHead(403).end("forbidden");
    if (request.url?.startsWith("/page"))
      return void response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><h1>Welcome</h1>");
    response
      .writeHead(404, { "content-type": "text/html" })
      .end("<!DOCTYPE html><html><body><h1>Not Found</h1><script>x()</script></body></html>");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  base = `127.0.0.1:${(site.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const failure = async (entry: Record<string, unknown>): Promise<string> => {
  const test = await testConnection(entry);
  if (test.ok) throw new Error("connected");
  expect(test.error).not.toMatch(/[<>]/);
  return test.error;
};

describe("a failed connection, explained", () => {
  it("a URL with a wrong path: nothing speaks MCP there, and which URL was probably meant", async () => {
    expect(await failure({ url: `http://${base}/wrong` })).toBe(
      `Nothing speaks MCP at http://${base}/wrong (HTTP 404, an HTML page); did you mean http://${base}/mcp?`,
    );
  });

  it("a web page instead of MCP", async () => {
    expect(await failure({ url: `http://${base}/page` })).toBe(
      `http://${base}/page answered with a web page, not MCP; did you mean http://${base}/mcp?`,
    );
  });

  it("HTTP 403: a header or more scope", async () => {
    expect(await failure({ url: `http://${base}/forbidden` })).toBe(
      `http://${base}/forbidden refused access (HTTP 403): it may need a header (such as Authorization) or OAuth with more scope.`,
    );
  });

  it("nothing listening on the port", async () => {
    expect(await failure({ url: "http://127.0.0.1:9/mcp" })).toBe(
      "Nothing is listening at 127.0.0.1:9 (connection refused): is the server running, on that port?",
    );
  });

  it("https to a port that speaks plain http", async () => {
    expect(await failure({ url: `https://${base}/mcp` })).toBe(
      `TLS failed at ${base}: it does not speak https on that port (try http://).`,
    );
  });

  it("a command that does not exist: which one, and the PATH searched", async () => {
    expect(await failure({ command: "toolscope-no-such-server", args: [], env: { PATH: "/opt/a:/opt/b" } })).toBe(
      "Command not found: toolscope-no-such-server (looked in PATH: /opt/a, /opt/b).",
    );
    expect(await failure({ command: "/opt/nowhere/server", args: [] })).toBe("Command not found: /opt/nowhere/server does not exist.");
  });

  it("a command that exits before answering: what it said on stderr", async () => {
    const script = "console.error('Error: API_KEY is not set'); process.exit(3)";
    expect(await failure({ command: process.execPath, args: ["-e", script] })).toBe(
      `${process.execPath} exited before it answered; it said: Error: API_KEY is not set.`,
    );
  });

  it("a timeout, and an unknown error as plain text", () => {
    const url = { transport: "url" as const, url: "https://slow.example/mcp", timeoutMs: 20_000 };
    expect(explainConnectFailure(url, [{ transport: "streamable-http", error: new Error("Request timed out") }])).toBe(
      "No answer from https://slow.example/mcp within 20 s.",
    );
    expect(explainConnectFailure(url, [{ transport: "sse", error: new Error("Odd: <b>bold</b>\n  and\tmore") }])).toBe(
      "Odd: bold and more",
    );
    expect(plainText("Error POSTing to endpoint: <!DOCTYPE html><html><body>secret page</body></html>")).toBe(
      "Error POSTing to endpoint: (an HTML page)",
    );
  });
});
