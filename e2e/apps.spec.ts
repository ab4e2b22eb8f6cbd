// MCP Apps (issue 18): a tool's own UI, rendered in Toolscope's sandbox on a second origin. The
// demo's notes board shows the tool's result and calls another tool through Toolscope's call
// pipeline (found in the audit log); a hostile app reaches nothing: not the page, not its
// cookies, not the top window's location, not a host its CSP does not declare.
import { randomUUID } from "node:crypto";
import { expect, test } from "./test";
import { startHttpFixture, type HttpFixture } from "../lib/testing/fixtures/spawn";
import { Workbench } from "./pages/workbench";

type AuditRecord = { tool_name: string; arguments: Record<string, unknown>; outcome: string };

async function records(request: import("@playwright/test").APIRequestContext, query: string): Promise<AuditRecord[]> {
  return ((await (await request.get(`/api/audit?${query}`)).json()) as { records: AuditRecord[] }).records;
}

test("the notes board renders the result, and a click in it calls create_note through the pipeline", async ({ page, request }) => {
  const bench = new Workbench(page);
  await bench.open();
  // The app-only tool is not in the default view; "has an app" lists it and the board.
  await expect(bench.item("board_data")).toHaveCount(0);
  await page.getByTestId("filter-app").click();
  await expect(bench.item("board_data")).toHaveCount(1);
  await expect(bench.item("notes_board").getByTestId("badge-app")).toHaveText("app");
  await expect(bench.item("board_data").getByTestId("badge-app")).toHaveText("app only");

  await bench.openTool("notes_board");
  await expect(page.getByTestId("app-view")).toBeVisible();
  await bench.runButton.click();
  // The text fallback stays, and the app draws the structured result.
  await expect(bench.result).toContainText(/notes? by tag/);
  const app = page.frameLocator("[data-testid=app-frame]").frameLocator("iframe");
  await expect(app.locator('.row[data-tag="demo"] .value')).toHaveText(/^\d+$/);

  const title = `From the app ${randomUUID().slice(0, 6)}`;
  const tag = `tag-${randomUUID().slice(0, 4)}`;
  await app.getByLabel("New note's title").fill(title);
  await app.getByLabel("Tag").fill(tag);
  await app.getByRole("button", { name: "Add note" }).click();
  await expect(app.getByRole("status")).toContainText("Created note");
  await expect(app.locator(`.row[data-tag="${tag}"] .value`)).toHaveText("1");

  // Both calls the app made are audited like any other.
  const created = await records(request, `tool=create_note&q=${encodeURIComponent(title)}`);
  expect(created).toHaveLength(1);
  expect(created[0]).toMatchObject({ outcome: "ok", arguments: { title, tags: [tag] } });
  expect((await records(request, "tool=board_data")).length).toBeGreaterThan(0);
});

test.describe("a hostile app", () => {
  let fixture: HttpFixture;
  const SERVER = "hostile-app";

  test.beforeAll(async ({ request }) => {
    fixture = await startHttpFixture("hostile-app.ts", "http");
    const added = await request.post("/api/servers", { data: { id: SERVER, url: fixture.url, type: "http" } });
    expect(added.status()).toBe(201);
  });
  test.afterAll(async ({ request }) => {
    await request.delete(`/api/servers/${SERVER}`);
    await fixture?.stop();
  });

  test("reaches nothing: not the page, its cookies, the top window, a popup or an undeclared host", async ({ page, context, request }) => {
    test.setTimeout(60_000);
    await context.addCookies([{ name: "toolscope_secret", value: "do-not-read", domain: "127.0.0.1", path: "/" }]);
    const evilMessages: string[] = [];
    await page.exposeFunction("__evilMessage", (text: string) => evilMessages.push(text));
    await page.addInitScript(() => {
      window.addEventListener("message", (event) => {
        if (event.data === "evil script ran")
          (window as unknown as { __evilMessage: (t: string) => void }).__evilMessage(String(event.data));
      });
    });
    const bench = new Workbench(page);
    await bench.openTool("hostile_widget", SERVER);
    const url = page.url();
    await bench.runButton.click();
    const app = page.frameLocator("[data-testid=app-frame]").frameLocator("iframe");
    await expect(app.locator("#state")).toHaveText("reported", { timeout: 20_000 });

    const [report] = await records(request, `server=${SERVER}&tool=report`);
    const results = report!.arguments as Record<string, string>;
    for (const attack of [
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
    ])
      expect(results[attack], `${attack}: ${results[attack]}`).toMatch(/^blocked/);
    // Neither the top page nor a popup went anywhere, and nothing reached the fixture's host.
    expect(page.url()).toBe(url);
    expect(context.pages()).toHaveLength(1);
    const hits = (await (await fetch(new URL("/hits", fixture.url))).json()) as string[];
    expect(hits).toEqual([]);
    expect(evilMessages).toEqual([]);
  });
});
