// The least a load balancer does, for bench/replicas.ts: each request to the next process in turn,
// over kept-alive connections, bodies streamed both ways. Anyone running replicas puts nginx, a
// cloud balancer or a Service in front (docs/replicas.md); this stands in for them on one machine
// with nothing installed, and is measured with the replicas it serves.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RoundRobin = { url: string; close: () => Promise<void> };

export async function startRoundRobin(upstreams: readonly string[]): Promise<RoundRobin> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let turn = 0;
  const server = http.createServer((request, response) => {
    const target = new URL(upstreams[turn++ % upstreams.length]!);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", (error) => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
      response.end(`the replica at ${target.host} did not answer: ${error.message}`);
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
