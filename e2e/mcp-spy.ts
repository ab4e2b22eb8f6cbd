// A window in front of an MCP server over Streamable HTTP, made in a test: it forwards every
// request as it is and notes each tools/call it passes on (what the server received, to check
// the audit log against). With `oneListener`, only the first subscriptions/listen stream hears
// the server's list_changed notifications: the other clients (replicas) must learn of a
// change some other way (from the replica that heard it). With `holdCalls`, it keeps every
// tools/call from the server until the test calls release(): a call in flight for exactly as long
// as the test needs one, on a machine of any speed.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedCall = { name: string; arguments: unknown; meta: Record<string, unknown> | undefined };

export type McpSpy = {
  url: string;
  calls: ReceivedCall[];
  /** subscriptions/listen streams opened, and how many list_changed notifications were held back. */
  listens: number;
  muted: number;
  /** Passes on the tools/call requests held so far, and every one after (holdCalls). */
  release: () => void;
  close: () => Promise<void>;
};

type JsonRpc = { method?: string; params?: { name?: string; arguments?: unknown; _meta?: Record<string, unknown> } };

export async function startMcpSpy(target: string, options: { oneListener?: boolean; holdCalls?: boolean } = {}): Promise<McpSpy> {
  let held: (() => void)[] | undefined = options.holdCalls ? [] : undefined;
  const release = (): void => {
    const waiting = held ?? [];
    held = undefined;
    waiting.forEach((pass) => pass());
  };
  const spy: McpSpy = { url: "", calls: [], listens: 0, muted: 0, release, close: async () => undefined };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      let messages: JsonRpc[] = [];
      try {
        const parsed = body.length ? (JSON.parse(body.toString("utf8")) as JsonRpc | JsonRpc[]) : [];
        messages = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        // Not JSON: forwarded as it is.
      }
      for (const message of messages)
        if (message.method === "tools/call")
          spy.calls.push({ name: message.params?.name ?? "", arguments: message.params?.arguments, meta: message.params?._meta });
      const call = messages.some((message) => message.method === "tools/call");
      const listen = messages.some((message) => message.method === "subscriptions/listen");
      if (listen) spy.listens++;
      const mute = listen && options.oneListener === true && spy.listens > 1;
      const upstream = http.request(
        new URL(request.url ?? "/", target),
        { method: request.method, headers: request.headers, agent: false },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          if (!mute) {
            answer.pipe(response);
            return;
          }
          // Server-sent events, one at a time: those that announce a changed tool list are dropped.
          let pending = "";
          answer.setEncoding("utf8");
          answer.on("data", (text: string) => {
            pending += text;
            let end;
            while ((end = pending.indexOf("\n\n")) !== -1) {
              const event = pending.slice(0, end + 2);
              pending = pending.slice(end + 2);
              if (event.includes("notifications/tools/list_changed")) spy.muted++;
              else response.write(event);
            }
          });
          answer.on("end", () => response.end(pending));
        },
      );
      upstream.on("error", () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      response.on("close", () => upstream.destroy());
      if (call && held) held.push(() => upstream.end(body));
      else upstream.end(body);
    });
  });
  // Node closes an idle keep-alive connection after 5 s, and a replica that reuses it at that
  // moment sees its call fail (a transport error, once in a rolling restart under load): keep them
  // as test/oauth-mcp-fixture.ts does.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  spy.url = `http://127.0.0.1:${port}${new URL(target).pathname}`;
  spy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return spy;
}
