// The least any proxy built on the SDK can add, run as a process of its own: an HTTP server whose
// handler forwards the call with the official SDK v2 client (over Toolscope's own transport
// fetch, the cheaper one) and answers the result as JSON. No audit log, no request checks, no
// routing, no output validation: what is left is the second hop and the SDK client.
//
//   node --conditions react-server --import tsx bench/lib/floor-proxy-server.ts <demo MCP URL>
//   (react-server: transport-fetch.ts is server-only code, as it is in Next's server bundle)
import http from "node:http";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { transportFetch } from "../../lib/oauth/transport-fetch";

const target = process.argv[2];
if (!target) throw new Error("usage: floor-proxy-server.ts <demo MCP URL>");
const client = new Client({ name: "toolscope-bench-floor", version: "0.0.0" }, { capabilities: {}, versionNegotiation: { mode: "auto" } });
await client.connect(new StreamableHTTPClientTransport(new URL(target), { fetch: transportFetch }));
await client.listTools();

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const answer = async (): Promise<[number, unknown]> => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { arguments?: Record<string, unknown> };
        const name = decodeURIComponent(/\/tools\/([^/]+)\/call$/.exec(request.url ?? "")?.[1] ?? "");
        return [200, { status: "ok", result: await client.callTool({ name, arguments: body.arguments ?? {} }) }];
      } catch (error) {
        return [500, { status: "error", error: { message: String(error) } }];
      }
    };
    void answer().then(([status, body]) => {
      const json = JSON.stringify(body);
      response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
      response.end(json);
    });
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") process.stderr.write(`listening on http://127.0.0.1:${address.port}\n`);
});
