// A loopback proxy in front of Toolscope's /mcp that gives the conformance scenarios' tools the
// bare names they call (`test_simple_text`), where /mcp has them as `{server}__{tool}`
// (`cf__test_simple_text`): a tools/call's `params.name` and its `Mcp-Name` header get the
// prefix on the way in, and a tools/list answer loses it on the way out. Nothing else is
// touched: the other headers, the methods, every other answer and stream pass as they are.
//
// Against /mcp as it is, such a scenario only ever learns that its tool is unknown; through the
// adapter it tests what the gateway does with the call (content, errors, progress, schemas,
// streams). A pass here is not a pass of /mcp itself: the names are the adapter's.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type NameAdapter = { url: string; close: () => Promise<void> };

type Message = { method?: unknown; params?: { name?: unknown } };

function messagesOf(body: unknown): Message[] {
  const list = Array.isArray(body) ? body : [body];
  return list.filter((m): m is Message => typeof m === "object" && m !== null);
}

/** Renames a tools/list answer's tools (a JSON body, or each `data:` line of an event stream). */
function unprefixListing(text: string, prefix: string, eventStream: boolean): string {
  const strip = (json: string): string => {
    try {
      const message = JSON.parse(json) as { result?: { tools?: { name?: unknown }[] } };
      for (const tool of message.result?.tools ?? [])
        if (typeof tool.name === "string" && tool.name.startsWith(prefix)) tool.name = tool.name.slice(prefix.length);
      return JSON.stringify(message);
    } catch {
      return json;
    }
  };
  if (!eventStream) return strip(text);
  return text
    .split("\n")
    .map((line) => (line.startsWith("data:") ? `data: ${strip(line.slice(5).trim())}` : line))
    .join("\n");
}

/** Starts the adapter on a loopback port, in front of `target` (the /mcp URL). */
export async function startNameAdapter(target: string, prefix: string): Promise<NameAdapter> {
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let body = Buffer.concat(chunks);
      const headers = { ...request.headers };
      let listing = false;
      try {
        const parsed: unknown = body.length > 0 ? JSON.parse(body.toString("utf8")) : undefined;
        for (const message of messagesOf(parsed)) {
          if (message.method === "tools/list") listing = true;
          if (message.method !== "tools/call" || typeof message.params?.name !== "string") continue;
          message.params.name = prefix + message.params.name;
          // Prefixed after any leading whitespace: a header that did not match the body still does not.
          if (typeof headers["mcp-name"] === "string") headers["mcp-name"] = headers["mcp-name"].replace(/^(\s*)/, `$1${prefix}`);
          body = Buffer.from(JSON.stringify(parsed));
        }
      } catch {
        // Not JSON: passed on as it came.
      }
      if (body.length > 0) headers["content-length"] = String(body.length);
      const forward = http.request(
        { hostname: upstream.hostname, port: upstream.port, path: upstream.pathname, method: request.method, headers },
        (answer) => {
          const type = String(answer.headers["content-type"] ?? "");
          if (!listing) {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            return;
          }
          let text = "";
          answer.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
          answer.on("end", () => {
            const renamed = unprefixListing(text, prefix, type.includes("text/event-stream"));
            const { "content-length": _length, "transfer-encoding": _encoding, ...rest } = answer.headers;
            response.writeHead(answer.statusCode ?? 502, { ...rest, "content-length": Buffer.byteLength(renamed) });
            response.end(renamed);
          });
        },
      );
      forward.on("error", () => response.destroy());
      // A client that hangs up (a scenario done with a stream) hangs up on /mcp too.
      response.on("close", () => forward.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${upstream.pathname}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
