// MCP Apps (issue 18): a tool's own UI, rendered in Toolscope's sandbox on a second origin. The
// demo's notes board shows the tool's result and calls another tool through Toolscope's call
// pipeline (found in the audit log); a hostile app reaches nothing: not the page, not its
// cookies, not the top window's location, not a host its CSP does not declare. Both again with
// Toolscope and its sandbox behind a TLS-terminating proxy, as when hosted.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./test";
import { startHttpFixture, type HttpFixture } from "../test/fixtures/spawn";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { Workbench } from "./pages/workbench";
import { selfSignedCertificate, startTlsProxy, type TlsProxy } from "./tls-proxy";
import { e2ePort } from "./ports";

type AuditRecord = { tool_name: string; arguments: Record<string, unknown>; outcome: string; via: string | null };
/** Toolscope's API as a script reaches it (plain http, straight to the process). */
type Api = { base: string; headers: Record<string, string> };

async function records(api: Api, query: string): Promise<AuditRecord[]> {
  const response = await fetch(`${api.base}/api/audit?${query}`, { headers: api.headers });
  return ((await response.json()) as { records: AuditRecord[] }).records;
}

async function addServer(api: Api, id: string, url: string): Promise<void> {
  const response = await fetch(`${api.base}/api/servers`, {
    method: "POST",
    headers: { ...api.headers, "content-type": "application/json" },
    body: JSON.stringify({ id, url, type: "http" }),
  });
  expect(response.status).toBe(201);
}

async function notesBoard(page: Page, base: string, api: Api): Promise<void> {
  const bench = new Workbench(page);
  await page.goto(`${base}/servers/demo`);
  await expect(bench.items.first()).toBeVisible();
  // The app-only tool is not in the default view; "has an app" lists it and the board.
  await expect(bench.item("board_data")).toHaveCount(0);
  await page.getByTestId("filter-app").click();
  await expect(bench.item("board_data")).toHaveCount(1);
  await expect(bench.item("notes_board").getByTestId("badge-app")).toHaveText("app");
  await expect(bench.item("board_data").getByTestId("badge-app")).toHaveText("app only");

  await page.goto(`${base}/servers/demo/tools/notes_board`);
  await expect(page.getByTestId("app-view")).toBeVisible();
  await bench.runButton.click();
  // The text fallback stays, and the app draws the structured result.
  await expect(bench.result).toContainText(/notes? by tag/);
  const app = page.frameLocator("[data-testid=app-frame]").frameLocator("iframe");
  await expect(app.locator('.row[data-tag="demo"] .value')).toHaveText(/^\d+$/);

  // The board takes Toolscope's theme, and follows it when the person switches it.
  await expect(app.locator("html")).toHaveAttribute("data-theme", "light");
  const toggle = page.getByTestId("theme-toggle");
  await toggle.click();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-label", "Dark theme");
  await expect(app.locator("html")).toHaveAttribute("data-theme", "dark");

  const title = `From the app ${randomUUID().slice(0, 6)}`;
  const tag = `tag-${randomUUID().slice(0, 4)}`;
  await app.getByLabel("New note's title").fill(title);
  await app.getByLabel("Tag").fill(tag);
  await app.getByRole("button", { name: "Add note" }).click();
  await expect(app.getByRole("status")).toContainText("Created note");
  await expect(app.locator(`.row[data-tag="${tag}"] .value`)).toHaveText("1");

  // Both calls the app made are audited like any other, as made by the board's app.
  const created = await records(api, `tool=create_note&q=${encodeURIComponent(title)}`);
  expect(created).toHaveLength(1);
  expect(created[0]).toMatchObject({ outcome: "ok", arguments: { title, tags: [tag] }, via: "app:notes_board" });
  const boardData = await records(api, "tool=board_data");
  expect(boardData.length).toBeGreaterThan(0);
  expect(boardData[0]!.via).toBe("app:notes_board");
  // The Run button's own call is the form's: it says nothing of an app.
  expect((await records(api, "tool=notes_board"))[0]!.via).toBeNull();

  await page.goto(`${base}/audit?q=${encodeURIComponent(title)}`);
  const row = page.getByTestId("audit-row").filter({ hasText: "create_note" });
  await expect(row.getByTestId("audit-via")).toHaveText("app");
  await row.getByTestId("audit-open").click();
  await expect(page.getByTestId("audit-detail-via")).toHaveText("The MCP App of notes_board, on that tool's page");

  // "Made from: an MCP App" keeps just the apps' calls.
  await page.goto(`${base}/audit`);
  await page.getByTestId("audit-via-filter").selectOption("app");
  await page.getByTestId("audit-apply").click();
  await expect(page).toHaveURL(/[?&]via=app(&|$)/);
  const rows = page.getByTestId("audit-row");
  await expect(rows.filter({ hasText: "create_note" })).not.toHaveCount(0);
  await expect(rows.filter({ hasText: "notes_board" })).toHaveCount(0);
  for (const tag of await rows.getByTestId("audit-via").allTextContents()) expect(tag).toBe("app");
  expect(await rows.getByTestId("audit-via").count()).toBe(await rows.count());
}

const ATTACKS = [
  "topDocument",
  "topLocation",
  "parentDocument",
  "readJar",
  "localStorage",
  "popup",
  "topNavigation",
  "script",
  "fetch",
  "image",
];

async function hostileApp(
  page: Page,
  context: BrowserContext,
  base: string,
  api: Api,
  server: string,
  fixture: HttpFixture,
): Promise<void> {
  await context.addCookies([{ name: "toolscope_secret", value: "do-not-read", domain: "127.0.0.1", path: "/" }]);
  const evilMessages: string[] = [];
  await page.exposeFunction("__evilMessage", (text: string) => evilMessages.push(text));
  await page.addInitScript(() => {
    window.addEventListener("message", (event) => {
      if (event.data === "evil script ran") (window as unknown as { __evilMessage: (t: string) => void }).__evilMessage(String(event.data));
    });
  });
  await page.goto(`${base}/servers/${server}/tools/hostile_widget`);
  const url = page.url();
  // The app is shown as soon as the tool's page opens, and attacks at once.
  const app = page.frameLocator("[data-testid=app-frame]").frameLocator("iframe");
  await expect(app.locator("#state")).toHaveText("reported", { timeout: 20_000 });

  // Its request to open a link is put to the person, who refuses: nothing opens.
  const dialog = page.getByTestId("app-link-dialog");
  await expect(dialog).toContainText(`${new URL(fixture.url).origin}/phish`);
  await dialog.getByTestId("app-link-cancel").click();
  await expect(app.locator("#link")).toHaveText("link refused");

  const [report] = await records(api, `server=${server}&tool=report`);
  const results = report!.arguments as Record<string, string>;
  for (const attack of ATTACKS) expect(results[attack], `${attack}: ${results[attack]}`).toMatch(/^blocked/);
  // Neither the top page nor a popup went anywhere, and nothing reached the fixture's host.
  expect(page.url()).toBe(url);
  expect(context.pages()).toHaveLength(1);
  expect(await (await fetch(new URL("/hits", fixture.url))).json()).toEqual([]);
  expect(evilMessages).toEqual([]);
}

test.describe("over http on a laptop", () => {
  let fixture: HttpFixture;
  const api: Api = { base: "", headers: {} };

  test.beforeAll(async ({ baseURL }) => {
    api.base = baseURL!;
    fixture = await startHttpFixture("hostile-app.ts", "http");
    await addServer(api, "hostile-app", fixture.url);
  });
  test.afterAll(async ({ request }) => {
    await request.delete("/api/servers/hostile-app");
    await fixture?.stop();
  });

  test("the notes board renders the result, and a click in it calls create_note through the pipeline", async ({ page, baseURL }) => {
    await notesBoard(page, baseURL!, api);
  });

  test("a hostile app reaches nothing: not the page, its cookies, the top window, a popup or an undeclared host", async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await hostileApp(page, context, baseURL!, api, "hostile-app", fixture);
  });
});

test.describe("over https behind a TLS-terminating proxy", () => {
  test.describe.configure({ mode: "serial" });
  const PORT = e2ePort("TOOLSCOPE_E2E_APPS_TLS_PORT", 3180);
  const SANDBOX_PORT = PORT + 1000;
  let dataDir = "";
  let toolscope: OwnToolscope;
  let site: TlsProxy;
  let sandbox: TlsProxy;
  let fixture: HttpFixture;
  const api: Api = { base: "", headers: {} };

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-apps-tls-"));
    fs.writeFileSync(path.join(dataDir, "mcp.json"), JSON.stringify({ mcpServers: {} }));
    const tls = await selfSignedCertificate();
    site = await startTlsProxy(`http://127.0.0.1:${PORT}`, tls);
    sandbox = await startTlsProxy(`http://127.0.0.1:${SANDBOX_PORT}`, tls);
    toolscope = await startOwnToolscope({
      port: PORT,
      dataDir,
      env: {
        TOOLSCOPE_DEMO_SERVER: "on",
        TOOLSCOPE_CONFIG: path.join(dataDir, "mcp.json"),
        TOOLSCOPE_PUBLIC_URL: site.url,
        TOOLSCOPE_SANDBOX_PORT: String(SANDBOX_PORT),
        TOOLSCOPE_SANDBOX_ORIGIN: sandbox.url,
      },
    });
    api.base = toolscope.baseUrl;
    api.headers = { origin: toolscope.baseUrl };
    fixture = await startHttpFixture("hostile-app.ts", "http");
    await addServer(api, "hostile-app", fixture.url);
  });
  test.afterAll(async () => {
    await fixture?.stop();
    await toolscope?.stop();
    await Promise.all([site?.close(), sandbox?.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the notes board works with the page and the sandbox on https", async ({ browser }) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    try {
      const page = await context.newPage();
      await notesBoard(page, site.url, api);
      expect(page.url()).toMatch(/^https:/);
    } finally {
      await context.close();
    }
  });

  test("a hostile app reaches nothing on https either", async ({ browser }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    try {
      await hostileApp(await context.newPage(), context, site.url, api, "hostile-app", fixture);
    } finally {
      await context.close();
    }
  });
});
