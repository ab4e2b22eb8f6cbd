// Component tests (vitest browser mode, *.test.tsx) render one component in Chromium, served by
// Vite rather than by Toolscope. What such a component asks Toolscope's server for on its own
// (a form's validator) is answered here by the real route handler, loaded through Vite with the
// app's aliases; and the test's fixtures (the demo server's tool definitions, as its tools/list
// answers them) are served from the Node side, where the demo server runs in memory.
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import type { Plugin, ViteDevServer } from "vite";

/** Paths the components call, and the route module that answers each in the app. */
const ROUTES: Record<string, string> = {
  "/api/form-validator": "/app/api/form-validator/route.ts",
  "/api/models": "/app/api/models/route.ts",
  "/api/model-judge": "/app/api/model-judge/route.ts",
};

/** Fixtures for the tests themselves, by path (test/component-fixtures.ts). */
export const FIXTURES_PATH = "/__toolscope-fixtures/";

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function answer(response: ServerResponse, answered: Response): Promise<void> {
  response.statusCode = answered.status;
  answered.headers.forEach((value, name) => response.setHeader(name, value));
  response.end(Buffer.from(await answered.arrayBuffer()));
}

/**
 * The header the front door stamps: the local mode's one user, as on a developer's machine. What
 * that user's routes keep (model providers given in the UI) goes to a data directory of these tests'.
 */
async function localCallerHeader(server: ViteDevServer): Promise<[string, string]> {
  process.env.TOOLSCOPE_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-components-"));
  const { CALLER_HEADER, encodeCaller } = (await server.ssrLoadModule(
    "/lib/http/caller-header.ts",
  )) as typeof import("@/lib/http/caller-header");
  const { localCaller } = (await server.ssrLoadModule("/lib/auth/identify.ts")) as typeof import("@/lib/auth/identify");
  return [CALLER_HEADER, encodeCaller(localCaller("127.0.0.1").caller)];
}

type RouteModule = Record<string, ((request: Request) => Promise<Response>) | undefined>;
type FixtureModule = { componentFixture: (name: string, sent: unknown) => Promise<unknown> };

async function serve(server: ViteDevServer, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const url = new URL(request.url ?? "/", "http://component.test");
  const route = ROUTES[url.pathname];
  if (route) {
    const handler = ((await server.ssrLoadModule(route)) as RouteModule)[request.method ?? "GET"];
    if (!handler) return false;
    const method = request.method ?? "GET";
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
    headers.set(...(await localCallerHeader(server)));
    const sent = method === "GET" || method === "HEAD" ? undefined : new Uint8Array(await body(request));
    await answer(response, await handler(new Request(url, { method, headers, body: sent })));
    return true;
  }
  if (url.pathname.startsWith(FIXTURES_PATH)) {
    const { componentFixture } = (await server.ssrLoadModule("/test/component-fixtures.ts")) as FixtureModule;
    const sent = request.method === "POST" ? (await body(request)).toString("utf8") : "";
    const fixture = await componentFixture(
      decodeURIComponent(url.pathname.slice(FIXTURES_PATH.length)),
      sent ? (JSON.parse(sent) as unknown) : undefined,
    );
    await answer(response, Response.json(fixture));
    return true;
  }
  return false;
}

export function componentApi(): Plugin {
  return {
    name: "toolscope-component-api",
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        serve(server, request, response).then(
          (served) => served || next(),
          (error: unknown) => next(error),
        );
      });
    },
  };
}
