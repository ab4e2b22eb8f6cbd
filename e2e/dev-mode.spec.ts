// `npm run dev`: Next in development mode behind Toolscope's own front door. A page there
// hydrates only once its hot-reload websocket (/_next/hmr) connects, through the front door's
// upgrade path: when that socket hung, every page stayed server-rendered HTML ("Connecting…").
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { e2ePort } from "./ports";

const PORT = e2ePort("TOOLSCOPE_E2E_DEV_PORT", 3185);

let server: OwnToolscope | undefined;
let dataDir = "";

// What the test's page and its one client-side navigation ask for. In development each is
// compiled on its first request; on two busy cores a compile can outlast an expectation, and
// what this test is about is the socket and hydration, not how fast Turbopack compiles.
const WARM_UP = [
  "/servers/demo",
  "/servers/demo/tools/get_weather",
  "/api/servers",
  "/api/servers/demo/tools",
  "/api/servers/demo/log",
  "/api/servers/demo/policy",
  "/api/servers/demo/events",
];

test.beforeAll(async () => {
  test.setTimeout(420_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-dev-"));
  server = await startOwnToolscope({ port: PORT, dataDir, dev: true, env: { TOOLSCOPE_DEMO_SERVER: "on" } });
  for (const route of WARM_UP) {
    const response = await fetch(`${server.baseUrl}${route}`, { headers: server.headers, signal: AbortSignal.timeout(120_000) });
    // The event stream never ends: its headers mean it is compiled.
    await (route.endsWith("/events") ? response.body?.cancel() : response.arrayBuffer());
  }
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("in development mode the hot-reload socket connects and the page comes alive", async ({ page }) => {
  // The first request compiles the page: on two cores that takes a while.
  test.setTimeout(180_000);
  const hotReload = page.waitForEvent("websocket", { predicate: (socket) => socket.url().includes("/_next/hmr"), timeout: 150_000 });
  const connected = page.waitForEvent("console", { predicate: (message) => message.text().includes("[HMR] connected"), timeout: 150_000 });
  await page.goto(`${server!.baseUrl}/servers/demo`, { timeout: 150_000 });
  await hotReload;
  await connected;
  // The catalog is fetched by the page's own script, so it shows only on a hydrated page.
  await expect(page.getByTestId("catalog-list")).toContainText("get_weather", { timeout: 60_000 });
  await page.getByTestId("catalog-list").getByText("get_weather").click();
  await expect(page).toHaveURL(/\/servers\/demo\/tools\/get_weather$/, { timeout: 60_000 });
});
