// A slow server's catalog shows page by page: the first tools at once with a count that says how
// many have arrived, search working on what is there, and the whole list when the last page is in.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { Workbench } from "./pages/workbench";
import { programArgs } from "../test/programs";
import { generatedToolName } from "../lib/demo-server/tools/generated";

const DEMO_CLI = path.resolve(import.meta.dirname, "..", "lib", "demo-server", "cli.ts");
const SERVER = "slow-pages";

let gateDir = "";

test.beforeEach(() => {
  gateDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-gate-"));
});

test.afterEach(async ({ request }) => {
  await request.delete(`/api/servers/${SERVER}`);
  fs.rmSync(gateDir, { recursive: true, force: true });
});

test("the first page of a slow server's tools is usable while the rest arrives", async ({ page, request }) => {
  test.setTimeout(90_000);
  // 3,000 generated tools, 100 a page; every page after the first waits until the test opens the
  // gate (a file), or 5 s: the listing is half done for two and a half minutes unless let go.
  const gate = path.join(gateDir, "open");
  const added = await request.post("/api/servers", {
    data: {
      id: SERVER,
      command: process.execPath,
      args: [...programArgs(DEMO_CLI), "stdio"],
      env: { TOOLSCOPE_DEMO_TOOLS: "3000", TOOLSCOPE_DEMO_PAGE_GATE: gate },
      cwd: path.dirname(path.dirname(DEMO_CLI)),
    },
  });
  expect(added.status()).toBe(201);
  const bench = new Workbench(page);
  await page.goto(`/servers/${SERVER}`);

  await expect(bench.count).toHaveText(/^\d+ tools so far$/, { timeout: 30_000 });
  await expect(page.getByTestId("catalog-arriving")).toHaveText("Listing…");
  await expect(page.getByTestId("server-overview")).toContainText("so far, still listing");
  await expect(bench.item("echo")).toBeVisible();
  // Search works on what has arrived, and a tool of the first page opens.
  const early = generatedToolName(42);
  await bench.filter.fill(early);
  await expect(bench.count).toHaveText(/^1 of \d+ tools so far$/);
  const soFar = Number(/of (\d+)/.exec((await bench.count.textContent()) ?? "")?.[1]);
  expect(soFar).toBeLessThan(3025);
  await bench.item(early).click();
  await expect(page.getByTestId("tool-title")).toHaveText(/ #42$/);

  // The whole list replaces what arrived; the search still holds.
  fs.writeFileSync(gate, "");
  await expect(bench.count).toHaveText("1 of 3025 tools", { timeout: 60_000 });
  await expect(page.getByTestId("catalog-arriving")).toHaveCount(0);
  await bench.filter.fill("");
  await expect(bench.count).toHaveText("3025 tools");
});
