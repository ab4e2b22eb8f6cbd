// A newcomer's first five minutes, on a Toolscope with a fresh data directory: paste the command
// line of a real third-party server from npm, test the connection, add it, pick a tool, run it;
// every click and fill is counted, and there are at most five; a pasted command is trusted. Then
// trust: an un-annotated tool of a trusted server runs without asking; one that declares itself
// destructive still asks; a server no longer trusted asks before each.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { e2ePort } from "./ports";
import { REPO_ROOT } from "../test/fixtures/spawn";
import { DEMO_CLI } from "../test/demo-client";
import { programArgs } from "../test/programs";

const PORT = e2ePort("TOOLSCOPE_E2E_NEWCOMER_PORT", 3186);
const EVERYTHING = path.resolve(import.meta.dirname, "../node_modules/@modelcontextprotocol/server-everything/dist/index.js");

let dataDir = "";
let toolscope: OwnToolscope;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-newcomer-"));
  toolscope = await startOwnToolscope({ port: PORT, dataDir, env: { TOOLSCOPE_DEMO_SERVER: "on" } });
});
test.afterAll(async () => {
  await toolscope?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("paste a command, test it, add it, run a tool: at most 5 interactions", async ({ page }) => {
  // Connecting may take Toolscope's own limits (a 15 s revision probe, then 20 s to connect and
  // 20 s to list) before it answers either way: the waits below outlast them, so the test reads
  // what the page says, whatever the machine's load.
  test.setTimeout(180_000);
  let interactions = 0;
  const act = async (action: Promise<void>): Promise<void> => {
    interactions++;
    await action;
  };
  await page.goto(`${toolscope.baseUrl}/`);
  await act(page.getByLabel("Paste a command, URL or mcp.json").fill(`node ${EVERYTHING} stdio`));
  await act(page.getByRole("button", { name: "Test connection" }).click());
  await expect(page.getByTestId("connection-test-result")).toContainText(/Connected: .*, \d+ tools/i, { timeout: 60_000 });
  await act(page.getByRole("button", { name: "Add server" }).click());
  await expect(page).toHaveURL(/\/servers\/everything$/, { timeout: 60_000 });
  await expect(page.getByTestId("trust-badge")).toBeVisible();
  await act(page.locator('[data-testid=catalog-item][data-tool-name="get-env"]').click());
  await act(page.getByTestId("run-button").click());
  await expect(page.getByTestId("result-panel")).toHaveAttribute("data-status", "ok", { timeout: 20_000 });
  expect(interactions).toBeLessThanOrEqual(5);
});

test("a trusted server's un-annotated tools run without asking; a declared destructive one asks; untrusted, all ask", async ({
  page,
  request,
}) => {
  const added = await request.post(`${toolscope.baseUrl}/api/servers`, {
    headers: { origin: toolscope.baseUrl },
    data: { id: "demo-again", trusted: true, command: process.execPath, args: [...programArgs(DEMO_CLI), "stdio"], cwd: REPO_ROOT },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto(`${toolscope.baseUrl}/servers/demo-again/tools/echo`);
  await expect(page.getByTestId("trust-badge")).toBeVisible();
  await page.getByTestId("run-button").click();
  await expect(page.getByTestId("result-panel")).toHaveAttribute("data-status", "ok");
  await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);

  await page.goto(`${toolscope.baseUrl}/servers/demo-again/tools/delete_note`);
  await page.getByLabel(/^id/i).first().fill("nothing-here");
  await page.getByTestId("run-button").click();
  await expect(page.getByTestId("confirm-dialog")).toBeVisible();
  await page.getByTestId("confirm-skip").check();
  await page.getByTestId("confirm-run").click();
  await expect(page.getByTestId("result-panel")).toBeVisible();
  await page.getByTestId("run-button").click();
  await expect(page.getByTestId("result-panel")).toBeVisible();
  await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);

  // Taken back (a setting of the server's, not of this browser): its tools ask again.
  await page.getByTestId("trust-badge").click();
  await expect(page.getByTestId("trust-server")).toBeVisible();
  expect((await (await request.get(`${toolscope.baseUrl}/api/servers/demo-again`)).json()).server.trusted).toBe(false);
  await page.goto(`${toolscope.baseUrl}/servers/demo-again/tools/echo`);
  await page.getByTestId("run-button").click();
  await expect(page.getByTestId("confirm-dialog")).toContainText("not trusted");
});
