// `npm run dev`: Next in development mode behind Toolscope's own front door. A page there
// hydrates only once its hot-reload websocket (/_next/hmr) connects, through the front door's
// upgrade path: when that socket hung, every page stayed server-rendered HTML ("Connecting…").
// This smoke test checks that socket alone: the upgrade is answered 101 and Next speaks on it.
// It opens no page, so it waits on no compile but /api/health's (how the front door's
// admission of an upgrade is decided is tested in lib/server/front-door.test.ts; pages
// hydrating, in every other browser test, against the production build).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Duplex } from "node:stream";
import { expect, test } from "./test";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { e2ePort } from "./ports";

const PORT = e2ePort("TOOLSCOPE_E2E_DEV_PORT", 3185);

let server: OwnToolscope | undefined;
let dataDir = "";

test.beforeAll(async () => {
  // Starting `next dev` compiles /api/health, which the start waits for.
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-dev-"));
  server = await startOwnToolscope({ port: PORT, dataDir, dev: true });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Upgraded = { status: number; socket?: Duplex; head?: Buffer };

/** A WebSocket handshake to `pathname`, as the browser sends it from a Toolscope page. */
function upgrade(pathname: string): Promise<Upgraded> {
  const url = new URL(pathname, server!.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": crypto.randomBytes(16).toString("base64"),
        origin: server!.baseUrl,
      },
    });
    request.once("upgrade", (response, socket, head) => resolve({ status: response.statusCode ?? 0, socket, head }));
    request.once("response", (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
    request.once("error", reject);
    request.end();
  });
}

/** The first WebSocket frame's bytes the server sends (Next says it is connected at once). */
function firstFrame(upgraded: Upgraded): Promise<Buffer> {
  if (upgraded.head?.length) return Promise.resolve(upgraded.head);
  return new Promise((resolve, reject) => {
    upgraded.socket!.once("data", resolve);
    upgraded.socket!.once("error", reject);
    upgraded.socket!.once("close", () => reject(new Error("the hot-reload socket closed before Next said anything")));
  });
}

test("in development mode the hot-reload socket connects through the front door, and Next speaks on it", async () => {
  const hotReload = await upgrade("/_next/hmr");
  expect(hotReload.status).toBe(101);
  try {
    const frame = await firstFrame(hotReload);
    // An unmasked text frame (opcode 1) from the server, with JSON in it.
    expect(frame[0]! & 0x0f).toBe(1);
    expect(frame.toString("utf8")).toContain("{");
  } finally {
    hotReload.socket?.destroy();
  }
  // Any other upgrade is refused at once, in development too.
  expect((await upgrade("/_next/other")).status).toBe(404);
});
