// The front door, on a real loopback port: every API route and a few pages × every kind of
// credential a request can carry, with Toolscope run without accounts, in local mode and with
// TOOLSCOPE_API_TOKEN (people and roles: access-matrix.*.test.ts).
// Requests the guard lets through reach a stand-in for Next (418, with the caller it was
// handed) or, for the routes the front door serves itself, the call endpoint (which answers
// 404 for the made-up server and call ids used here). Everything the front door says itself is
// JSON with a stable code.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Duplex } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { signIn } from "@/lib/auth/session";
import { sendRaw, startFrontDoor, type RawAnswer, type TestFrontDoor } from "@/test/front-door";
import { drainState } from "../draining";
import { API_ROUTES } from "../http/api-routes";
import { forgetProductSettings } from "@/test/product-settings";

const TOKEN = "front-door-test-token";
let door: TestFrontDoor;
const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-front-door-"));
/** A browser session signed in with the bootstrap token (made once the token is set). */
let sessionCookie = "";

beforeAll(async () => {
  forgetProductSettings();
  // The tests' requests come through a trusted proxy (this machine) that names each client: the
  // matrix's many wrong tokens come from many clients, as they would, and none is throttled.
  Object.assign(process.env, { TOOLSCOPE_DEMO_SERVER: "off", TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_TRUSTED_PROXIES: "loopback" });
  door = await startFrontDoor();
});

afterAll(async () => {
  await door.close();
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function bootstrapSession(): Promise<string> {
  process.env.TOOLSCOPE_API_TOKEN = TOKEN;
  if (sessionCookie) return sessionCookie;
  const { setCookies } = await signIn({ token: TOKEN }, { headers: new Headers(), clientIp: "127.0.0.1" });
  sessionCookie = setCookies[0]!.split(";")[0]!;
  return sessionCookie;
}

type Answer = RawAnswer;

/** A raw request, so that Host and Origin are exactly what the test says. */
const send = (method: string, pathname: string, headers: Record<string, string>): Promise<Answer> =>
  sendRaw(door.base, method, pathname, headers);

let clients = 0;
/** Another client behind the trusted proxy each time. */
const nextClient = (): string => `198.51.${Math.floor(clients / 250) % 250}.${(clients++ % 250) + 1}`;

const CREDENTIALS = {
  none: () => ({}),
  "wrong token": () => ({ authorization: "Bearer not-the-token", "x-forwarded-for": nextClient() }),
  "right token": () => ({ authorization: `Bearer ${TOKEN}` }),
  "session cookie": () => ({ cookie: sessionCookie }),
  "foreign Host": () => ({ host: "evil.example", authorization: `Bearer ${TOKEN}` }),
  "cross-origin": () => ({ origin: "https://evil.example", authorization: `Bearer ${TOKEN}` }),
} as const;
type Credential = keyof typeof CREDENTIALS;

/** Routes open to anyone, and routes for people with an account (neither local mode nor the bootstrap token has one). */
const PUBLIC = new Set([
  "/api/health",
  "/api/ready",
  "/api/session",
  "/api/auth/sign-in/social",
  "/api/auth/callback/:providerId",
  // OAuth for agents: an MCP client has no credential until it has been through these.
  "/api/auth/oauth2/authorize",
  "/api/auth/oauth2/register",
  "/api/auth/oauth2/token",
  "/api/auth/oauth2/revoke",
  "/api/auth/oauth2/introspect",
  "/api/auth/jwks",
]);
const ACCOUNT_ONLY = new Set([
  "/api/sessions",
  "/api/tokens",
  "/api/account/password",
  "/api/auth/oauth2/consent",
  "/api/account/agents",
  "/api/account/agents/:clientId",
]);
/** OAuth's endpoints that take no cookies: a page on any origin may use them (lib/server/oauth-endpoints.ts). */
const ANY_ORIGIN = new Set(["/api/auth/oauth2/register", "/api/auth/oauth2/token", "/api/auth/oauth2/revoke", "/api/auth/jwks"]);
const sample = (pattern: string) => pattern.replace(/:(\w+)/g, (_m, name: string) => (name === "serverId" ? "nope" : `some-${name}`));

/** What a request that got past the guard is answered: by Next, by better-auth, or by the front door's own endpoint. */
function passed(route: (typeof API_ROUTES)[number], method: string, actor: string) {
  if (ACCOUNT_ONLY.has(route.pattern) && !(route.pattern === "/api/session" && method !== "DELETE")) {
    if (actor !== "anonymous") return { status: 403, body: { error: { code: "bad_request:no_account" } } };
  }
  if (route.servedBy === "next") return { status: 418, body: { servedBy: "next", caller: { actor, clientIp: expect.any(String) } } };
  // Single sign-on is not configured here: better-auth knows no such provider.
  if (route.servedBy === "better-auth")
    return { status: route.pattern === "/api/auth/jwks" ? 200 : expect.toBeOneOf([302, 400, 401, 404, 415]) };
  if (route.pattern.startsWith("/api/calls")) return { status: 404, body: { error: { code: "not_found:call" } } };
  // No bus here (lib/startup.ts never ran): "starting", not ready; it names the replica either way.
  if (route.pattern === "/api/ready") return { status: 503, body: { ready: false, reason: "starting", replica: expect.any(String) } };
  // The console's body names a method; the "{}" sent here is refused, by the console itself.
  if (route.pattern.endsWith("/rpc")) return { status: 400, body: { error: { code: "bad_request:body" } } };
  return { status: 404, body: { error: { code: "not_found:server" } } };
}

function expected(route: (typeof API_ROUTES)[number], method: string, credential: Credential, tokenSet: boolean) {
  // Probes and scrapers reach a hosted replica by its own address: any Host, for those alone.
  if (credential === "foreign Host" && tokenSet && ["/api/health", "/api/ready"].includes(route.pattern))
    return passed(route, method, "bootstrap token");
  if (credential === "foreign Host") return { status: 403, body: { error: { code: "forbidden:host" } } };
  if (credential === "cross-origin" && method !== "GET" && !ANY_ORIGIN.has(route.pattern))
    return { status: 403, body: { error: { code: "forbidden:origin" } } };
  if (!tokenSet) return passed(route, method, "local");
  // The bootstrap token as a bearer never decides an agent's call (an agent could hold it); its browser session may.
  if (
    route.pattern === "/api/approvals/:approvalId" &&
    credential !== "session cookie" &&
    credential !== "none" &&
    credential !== "wrong token"
  )
    return { status: 403, body: { error: { code: "forbidden:credential" } } };
  if (["right token", "cross-origin", "session cookie"].includes(credential)) return passed(route, method, "bootstrap token");
  // A credential that is wrong is refused wherever it is sent; none at all opens the public routes only.
  if (credential === "none" && PUBLIC.has(route.pattern) && !(route.pattern === "/api/session" && method === "DELETE")) {
    return passed(route, method, "anonymous");
  }
  return { status: 401, body: { error: { code: "unauthorized:token" } } };
}

describe.each([false, true])("the front door, TOOLSCOPE_API_TOKEN set: %s", (tokenSet) => {
  beforeAll(async () => {
    if (tokenSet) await bootstrapSession();
    else delete process.env.TOOLSCOPE_API_TOKEN;
  });

  const cases = API_ROUTES.flatMap((route) =>
    route.methods.flatMap((method) =>
      Object.keys(CREDENTIALS).map((credential) => [route.pattern, method, credential as Credential] as const),
    ),
  );
  it.each(cases)("%s %s with %s", async (pattern, method, credential) => {
    const route = API_ROUTES.find((r) => r.pattern === pattern)!;
    const answer = await send(method, sample(pattern), { host: "127.0.0.1", ...CREDENTIALS[credential]() });
    expect(answer).toMatchObject(expected(route, method, credential, tokenSet));
  });

  it.each(Object.keys(CREDENTIALS) as Credential[])("a page with %s", async (credential) => {
    const answer = await send("GET", "/servers?x=1", { host: "127.0.0.1", ...CREDENTIALS[credential]() });
    if (credential === "foreign Host") expect(answer).toMatchObject({ status: 403, body: { error: { code: "forbidden:host" } } });
    else if (tokenSet && credential === "none") expect(answer).toMatchObject({ status: 302, location: "/login?next=%2Fservers%3Fx%3D1" });
    else if (tokenSet && credential === "wrong token") {
      expect(answer).toMatchObject({ status: 302, location: "/login?next=%2Fservers%3Fx%3D1&reason=unauthorized%3Atoken" });
    } else expect(answer.status).toBe(418);
  });
});

describe("the client's address, behind a trusted proxy", () => {
  beforeAll(() => {
    process.env.TOOLSCOPE_API_TOKEN = TOKEN;
  });

  it("is the one the proxy names; its wrong tokens are throttled, not everyone else's right ones", async () => {
    const seen = await send("GET", "/servers", { host: "127.0.0.1", authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.5" });
    expect(seen).toMatchObject({ status: 418, body: { caller: { clientIp: "203.0.113.5" } } });
    const guess = () =>
      send("GET", "/api/servers", { host: "127.0.0.1", authorization: "Bearer guess", "x-forwarded-for": "203.0.113.66" });
    for (let i = 0; i < 20; i++) expect(await guess()).toMatchObject({ status: 401, body: { error: { code: "unauthorized:token" } } });
    const throttled = await guess();
    expect(throttled).toMatchObject({ status: 429, body: { error: { code: "too_many_requests:token" } } });
    // The right token gets through from that client too (a credential that verifies is never refused), and from the next.
    const fromThere = await send("GET", "/servers", {
      host: "127.0.0.1",
      authorization: `Bearer ${TOKEN}`,
      "x-forwarded-for": "203.0.113.66",
    });
    expect(fromThere).toMatchObject({ status: 418, body: { caller: { clientIp: "203.0.113.66" } } });
    expect(await guess()).toMatchObject({ status: 429, body: { error: { code: "too_many_requests:token" } } });
    const fromNext = await send("GET", "/servers", {
      host: "127.0.0.1",
      authorization: `Bearer ${TOKEN}`,
      "x-forwarded-for": "203.0.113.67",
    });
    expect(fromNext).toMatchObject({ status: 418, body: { caller: { clientIp: "203.0.113.67" } } });
  });
});

describe("what the front door answers itself", () => {
  beforeAll(() => {
    delete process.env.TOOLSCOPE_API_TOKEN;
  });

  it("/metrics: Prometheus text behind the API's auth, a JSON 401 (not a sign-in page) without it", async () => {
    await bootstrapSession();
    const refused = await send("GET", "/metrics", { host: "127.0.0.1" });
    expect(refused).toMatchObject({ status: 401, body: { error: { code: "unauthorized:token" } } });
    const scraped = await send("GET", "/metrics", { host: "127.0.0.1", authorization: `Bearer ${TOKEN}` });
    expect(scraped.status).toBe(200);
    expect(scraped.body).toMatch(/^# HELP toolscope_tool_calls_total /m);
    expect(scraped.body).toMatch(/^toolscope_event_streams_open\{kind="server"\} 0$/m);
    expect(await send("POST", "/metrics", { host: "127.0.0.1", authorization: `Bearer ${TOKEN}` })).toMatchObject({
      status: 405,
      body: { error: { code: "method_not_allowed:route" } },
    });
    delete process.env.TOOLSCOPE_API_TOKEN;
  });

  it("while draining: probes, metrics and what running calls need pass; the rest is 503 with Retry-After", async () => {
    drainState.draining = true;
    onTestFinished(() => {
      drainState.draining = false;
    });
    const local = { host: "127.0.0.1" };
    const refused = await send("GET", "/api/servers", local);
    expect(refused).toMatchObject({ status: 503, body: { error: { code: "unavailable:draining" } } });
    expect(await send("GET", "/servers", local)).toMatchObject({ status: 503 });
    expect(await send("POST", "/api/servers/demo/tools/echo/call", { ...local, origin: door.base })).toMatchObject({ status: 503 });
    // Readiness answers for itself: not ready, because shutting down.
    expect(await send("GET", "/api/ready", local)).toMatchObject({ status: 503, body: { ready: false, reason: "shutting down" } });
    // Served still (the stand-in for Next answers 418; the call endpoint, 404 for a made-up call).
    for (const [method, target] of [
      ["GET", "/api/health"],
      ["DELETE", "/api/calls/no-such-call"],
      ["POST", "/api/servers/demo/inputs/no-such-input"],
    ] as const)
      expect((await send(method, target, { ...local, origin: door.base })).status, `${method} ${target}`).not.toBe(503);
    expect((await send("GET", "/metrics", local)).status).not.toBe(503);
  });

  it("every answer names the replica that gave it", async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve) => http.get(`${door.base}/api/health`, resolve));
    answer.resume();
    expect(answer.headers["x-toolscope-replica"]).toMatch(/^[0-9a-f]{24}$/);
  });

  it("a wrong method: 405 in JSON, with Allow", async () => {
    const answer = await send("PUT", "/api/servers/nope/tools/x/call", { host: "127.0.0.1" });
    expect(answer).toMatchObject({ status: 405, body: { error: { code: "method_not_allowed:route" } } });
    const head = await new Promise<http.IncomingMessage>((resolve) =>
      http.request(`${door.base}/api/audit`, { method: "PATCH" }, resolve).end(),
    );
    expect(head.headers.allow).toBe("GET, HEAD, OPTIONS");
  });

  it("a path Next would read as another (dot segments, %2e, backslashes, absolute form) never reaches Next", async () => {
    const tricks = [
      "/_next/static/../../api/servers",
      "/_next/static/%2e%2e/%2e%2e/api/servers",
      "/_next/static/%2E%2E/%2E%2E/api/audit",
      "/api/./servers",
      "/api/servers/../servers",
      "/api\\servers",
      "//api/servers",
      "http://127.0.0.1/api/servers",
    ];
    onTestFinished(() => {
      delete process.env.TOOLSCOPE_API_TOKEN;
    });
    for (const tokenSet of [false, true]) {
      if (tokenSet) process.env.TOOLSCOPE_API_TOKEN = TOKEN;
      for (const trick of tricks) {
        for (const method of ["GET", "POST"]) {
          const answer = await send(method, trick, { host: "127.0.0.1" });
          expect({ trick, method, tokenSet, status: answer.status }).not.toMatchObject({ status: 418 });
          if (!tokenSet)
            expect({ trick, answer }).toMatchObject({ answer: { status: 400, body: { error: { code: "bad_request:path" } } } });
          else expect({ trick, status: answer.status }).toMatchObject({ status: expect.toBeOneOf([302, 400, 401]) });
        }
      }
    }
    // An encoded slash is no separator to a URL parser, so this names an asset file: but not one
    // of the plain names that are open without signing in.
    expect(await send("GET", "/_next/static/..%2F..%2Fapi/servers", { host: "127.0.0.1" })).toMatchObject({ status: 302 });
    delete process.env.TOOLSCOPE_API_TOKEN;
  });

  /** The status an upgrade is answered with; it never hangs (the answer, or the socket's end, settles it). */
  const upgrade = (base: string, path: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}${path}`, { headers: { connection: "Upgrade", upgrade: "websocket", ...headers } });
      request.on("response", (response) => resolve(response.statusCode!));
      request.on("upgrade", (response) => resolve(response.statusCode!));
      request.on("close", () => resolve(-1));
      request.on("error", reject);
      request.end();
    });

  it("upgrades (WebSocket) are refused at once on every path but the development live reload (issue 43)", async () => {
    await bootstrapSession();
    try {
      for (const path of ["/", "/api/servers", "/mcp", "/_next/hmr", "/_next/webpack-hmr"]) {
        expect(await upgrade(door.base, path, { host: "127.0.0.1", cookie: sessionCookie })).toBe(404);
        expect(await upgrade(door.base, path, { host: "127.0.0.1", authorization: `Bearer ${TOKEN}` })).toBe(404);
      }
    } finally {
      delete process.env.TOOLSCOPE_API_TOKEN;
    }
  });

  it("the development live reload's upgrade passes the same guard", async () => {
    const dev = await startFrontDoor({ dev: true });
    try {
      expect(await upgrade(dev.base, "/_next/hmr", { host: "evil.example" })).toBe(403);
      expect(await upgrade(dev.base, "/_next/hmr", { host: "127.0.0.1" })).toBe(418);
      expect(await upgrade(dev.base, "/api/servers", { host: "127.0.0.1" })).toBe(404);
      await bootstrapSession();
      try {
        expect(await upgrade(dev.base, "/_next/hmr", { host: "127.0.0.1" })).toBe(403);
        expect(await upgrade(dev.base, "/_next/hmr", { host: "127.0.0.1", cookie: sessionCookie })).toBe(418);
      } finally {
        delete process.env.TOOLSCOPE_API_TOKEN;
      }
    } finally {
      await dev.close();
    }
  });

  /**
   * An upgrade from a client that keeps its own side of the connection open: the whole answer it
   * read (up to the front door's end of it), once the front door's side of the socket has closed
   * (seen from the server: such a client does not see it). `onSocket` is handed that socket as
   * the front door has set it up.
   */
  const upgradeHeldOpen = async (path: string, headers: string, onSocket: (socket: Duplex) => void = () => {}): Promise<string> => {
    const client = net.connect({ host: "127.0.0.1", port: Number(new URL(door.base).port), allowHalfOpen: true });
    // Another listener after the front door's, as a second `upgrade` handler of the server's.
    const closed = new Promise<void>((resolve) =>
      door.server.once("upgrade", (_request: http.IncomingMessage, socket: Duplex) => {
        socket.once("close", resolve);
        onSocket(socket);
      }),
    );
    const answered = new Promise<string>((resolve) => {
      let answer = "";
      client.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
      // A reset instead of an end leaves what was read, which the tests judge.
      client.on("end", () => resolve(answer));
      client.on("error", () => resolve(answer));
    });
    client.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: Upgrade\r\nupgrade: websocket\r\n${headers}\r\n`);
    try {
      const [answer] = await Promise.all([answered, closed]);
      return answer;
    } finally {
      client.destroy();
    }
  };

  it("a refused upgrade's socket is closed even when the client keeps its own side open (issue 43)", async () => {
    process.env.TOOLSCOPE_API_TOKEN = TOKEN;
    try {
      for (const path of ["/", "/api/servers"])
        expect(await upgradeHeldOpen(path, `authorization: Bearer ${TOKEN}\r\n`)).toMatch(/^HTTP\/1\.1 404 .*\r\nconnection: close\r\n/s);
    } finally {
      delete process.env.TOOLSCOPE_API_TOKEN;
    }
  });

  it("an upgrade's socket that fails (a client's reset) raises no error nobody handles", async () => {
    // Node gives an upgrade's socket no listener of its own: without the front door's, this error
    // is an uncaught exception (which ends the process, unless Next's own handler is there to log it).
    const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    let thrown: unknown = null;
    await upgradeHeldOpen("/", "", (socket) => {
      try {
        socket.emit("error", reset);
      } catch (error) {
        thrown = error;
        socket.destroy();
      }
    });
    expect(thrown).toBeNull();
  });

  it("malformed percent-encoding: 400 in JSON", async () => {
    expect(await send("GET", "/api/servers/%E0%A4%A/tools", { host: "127.0.0.1" })).toMatchObject({
      status: 400,
      body: { error: { code: "bad_request:path" } },
    });
    expect(await send("GET", "/servers/%zz", { host: "127.0.0.1" })).toMatchObject({
      status: 400,
      body: { error: { code: "bad_request:path" } },
    });
  });

  it("an unknown API route: 404 in JSON", async () => {
    expect(await send("GET", "/api/nothing/here", { host: "127.0.0.1" })).toMatchObject({
      status: 404,
      body: { error: { code: "not_found:route" } },
    });
  });

  it("OPTIONS: the methods a route answers, and no CORS grant", async () => {
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      http.request(`${door.base}/api/servers`, { method: "OPTIONS", headers: { origin: "https://evil.example" } }, resolve).end(),
    );
    expect(response.statusCode).toBe(204);
    expect(response.headers.allow).toBe("GET, POST, HEAD, OPTIONS");
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("OAuth's credential-less endpoints answer pages on any origin (CORS), without their cookies; consent does not", async () => {
    const ask = (method: string, pathname: string, headers: Record<string, string>, body?: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
        const request = http.request(`${door.base}${pathname}`, { method, headers: { host: "127.0.0.1", ...headers } }, (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
          response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
        });
        request.on("error", reject);
        request.end(body);
      });
    const page = { origin: "https://inspector.example" };
    const preflight = await ask("OPTIONS", "/api/auth/oauth2/token", { ...page, "access-control-request-method": "POST" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, POST, OPTIONS",
      "access-control-allow-headers": "authorization, content-type, dpop",
    });
    expect(preflight.headers["access-control-allow-credentials"]).toBeUndefined();

    const metadata = await ask("GET", "/.well-known/oauth-authorization-server/api/auth", page);
    expect(metadata.status).toBe(200);
    expect(metadata.headers["access-control-allow-origin"]).toBe("*");
    expect(JSON.parse(metadata.text)).toHaveProperty("registration_endpoint");

    const registration = JSON.stringify({
      client_name: "Inspector",
      redirect_uris: ["http://127.0.0.1:6274/oauth/callback"],
      token_endpoint_auth_method: "none",
    });
    const registered = await ask("POST", "/api/auth/oauth2/register", { ...page, "content-type": "application/json" }, registration);
    expect(registered.status).toBe(201);
    expect(registered.headers["access-control-allow-origin"]).toBe("*");
    expect(JSON.parse(registered.text)).toHaveProperty("client_id");

    const consent = await ask("POST", "/api/auth/oauth2/consent", { ...page, "content-type": "application/json" }, "{}");
    expect(consent.status).toBe(403);
    expect(JSON.parse(consent.text)).toMatchObject({ error: { code: "forbidden:origin" } });
    expect(consent.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("a caller header sent by the client is replaced by the one the guard decided", async () => {
    const answer = await send("GET", "/api/servers", { host: "127.0.0.1", "x-toolscope-caller": '{"actor":"admin","clientIp":"1.2.3.4"}' });
    expect(answer.body).toMatchObject({ caller: { actor: "local", clientIp: "127.0.0.1" } });
  });

  it("a body over the limit: 413 in JSON", async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        `${door.base}/api/servers/nope/tools/x/call`,
        { method: "POST", headers: { "content-length": String(9 * 1024 * 1024) } },
        (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
          response.on("end", () => resolve({ status: response.statusCode!, body: JSON.parse(text), location: undefined }));
        },
      );
      request.on("error", reject);
      request.end();
    });
    expect(answer).toMatchObject({ status: 413, body: { error: { code: "payload_too_large:body" } } });
  });

  it("arguments nested thousands of levels deep: 400, not a failed audit write", async () => {
    const deep = `{"arguments":{"a":${"[".repeat(5_000)}${"]".repeat(5_000)}}}`;
    const answer = await new Promise<Answer>((resolve, reject) => {
      const request = http.request(`${door.base}/api/servers/nope/tools/x/call`, { method: "POST" }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        response.on("end", () => resolve({ status: response.statusCode!, body: JSON.parse(text), location: undefined }));
      });
      request.on("error", reject);
      request.end(deep);
    });
    expect(answer).toMatchObject({ status: 400, body: { error: { code: "bad_request:arguments" } } });
  });
});
