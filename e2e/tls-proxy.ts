// A TLS-terminating reverse proxy made in a test, as a hosted Toolscope sits behind one: https
// on a loopback port, plain http to the target, the Host header kept. Its certificate is
// self-signed, made on the spot (the browser context ignores HTTPS errors).
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";

export type TlsProxy = { url: string; close: () => Promise<void> };

export async function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  return { key: pems.private, cert: pems.cert };
}

export async function startTlsProxy(target: string, tls: { key: string; cert: string }): Promise<TlsProxy> {
  const server = https.createServer(tls, (request, response) => {
    const upstream = http.request(
      new URL(request.url ?? "/", target),
      { method: request.method, headers: { ...request.headers, "x-forwarded-proto": "https" } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
