// Every page Toolscope serves, in light and in dark, at 1280 and 390 px wide, checked by axe-core (each
// page opened once, both themes checked on it):
// no serious or critical violation, a <main> landmark, and nothing that scrolls sideways on a phone. The local pages run against the suite's own Toolscope (demo
// server, no sign-in); sign-in, People and Account against a hosted one with a first admin made
// on the command line, as the README says.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { sharedToolscopeUrl } from "./shared-toolscope";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { createUser } from "./user-create";
import { Workbench } from "./pages/workbench";
import { e2ePort } from "./ports";
import { ServerFeatures } from "./pages/server-features";
import { expectAccessibleInBothThemes } from "./accessible";

const PORT = e2ePort("TOOLSCOPE_E2E_A11Y_PORT", 3181);

test.describe("local pages", () => {
  let collectionId = "";

  test.beforeAll(async ({ request }) => {
    const headers = { origin: sharedToolscopeUrl() };
    const made = await request.post("/api/collections", { headers, data: { name: "Accessibility tour" } });
    expect(made.ok(), await made.text()).toBe(true);
    collectionId = ((await made.json()) as { collection: { id: string } }).collection.id;
    const saved = await request.post("/api/saved-calls", {
      headers,
      data: {
        name: "Weather in Oslo",
        serverId: "demo",
        toolName: "get_weather",
        arguments: { city: "Oslo" },
        collectionIds: [collectionId],
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  });

  // Some twenty pages and states, each checked by axe in two themes at two widths, in three tests
  // of about a minute each on CI's two busy cores: the limit leaves room for a slow day, and a
  // retry replays one part of the tour, not all of it. Each page is opened once and checked in
  // both themes: the theme follows the system's (emulated) colour scheme on a page that is open.
  const TOUR_PART_MS = 300_000;

  test("a tool's page with a result, its audit record and its protocol messages", async ({ page }) => {
    test.setTimeout(TOUR_PART_MS);
    const bench = new Workbench(page);
    const check = (name: string) => expectAccessibleInBothThemes(page, name);
    await bench.openTool("get_weather");
    await bench.field("city").fill("Oslo");
    await bench.run();
    const confirm = page.getByTestId("confirm-run");
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await expect(bench.result).toHaveAttribute("data-status", "ok");
    await check("tool page with a result");

    // The call's record (the newest call: the one above).
    await page.goto("/audit?kind=call");
    const auditId = (await page.getByTestId("audit-row").first().getAttribute("data-audit-id")) ?? "";
    expect(auditId, "an audit record to open").not.toBe("");
    await page.goto(`/audit/${auditId}`);
    await check("audit record");
    // The list with a record open beside it (over it, on a phone).
    await page.goto(`/audit?selected=${auditId}`);
    await check("audit list with a record open");
    // The protocol view, the weather call's request opened as JSON.
    await page.goto("/servers/demo/protocol");
    const request = page.locator('[data-testid=protocol-message][data-method="tools/call"][data-direction="out"]').first();
    await request.getByRole("button").first().click();
    await expect(request.getByTestId("protocol-json")).toBeVisible();
    await check("protocol with a message open");
  });

  test("every page of the menu, and adding a server", async ({ page }) => {
    test.setTimeout(TOUR_PART_MS);
    const pages: [string, string][] = [
      ["home", "/"],
      ["servers", "/servers"],
      ["catalog", "/servers/demo"],
      ["server log", "/servers/demo/log"],
      ["approvals", "/approvals"],
      ["agents", "/agents"],
      ["models", "/models"],
      ["all tools", "/tools"],
      ["audit list", "/audit"],
      ["saved calls", "/saved"],
      // With no model configured: what to set to chat (e2e/playground.spec.ts tours a conversation).
      ["chat", "/playground"],
      // No suite yet (e2e/playground.spec.ts runs one across models).
      ["evals", "/evals"],
      ["collection", `/saved/collections/${collectionId}`],
      ["presentation", `/saved/collections/${collectionId}/present`],
    ];
    for (const [name, url] of pages) {
      await page.goto(url);
      await page.waitForLoadState("load");
      await expectAccessibleInBothThemes(page, name);
    }
    await page.goto("/servers");
    await page.getByTestId("add-server").click();
    await expectAccessibleInBothThemes(page, "add server");
  });

  test("a server's report card, resources, prompts and skills", async ({ page }) => {
    test.setTimeout(TOUR_PART_MS);
    const check = (name: string) => expectAccessibleInBothThemes(page, name);
    // The demo server's report card, a rule's why and fix unfolded.
    await page.goto("/servers/demo/report");
    await expect(page.getByTestId("report-summary")).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("rule-findings").first().getByText("Why it matters, how to fix it").click();
    await check("report card");
    // A server's resources and prompts, each with what it answered.
    const features = new ServerFeatures(page);
    await features.openResources();
    await features.read("demo://docs/guide.md");
    await check("resources with a read");
    // A watched resource, with what changed since the read before.
    await features.read("demo://clock/now");
    await features.readPanel.getByRole("button", { name: "Watch" }).click();
    await expect(features.readPanel.getByTestId("resource-diff-line").first()).toBeVisible();
    await check("a watched resource with its changes");
    await features.openPrompts();
    await features.prompt("Summarize the visitors report").click();
    await features.argument("style").fill("short");
    await features.promptPanel.getByRole("button", { name: "Get prompt" }).click();
    await expect(features.promptPanel.getByTestId("prompt-message")).toHaveCount(2);
    await check("prompts with messages");
    // A server's skills, one's SKILL.md read.
    await features.openSkills();
    await features.readSkillMd();
    await check("skills with a SKILL.md read");
  });
});

test.describe("hosted pages", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnToolscope | undefined;
  let dataDir = "";
  let password = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-a11y-"));
    password = createUser(dataDir, "ada@example.com", ["--admin", "--name", "Ada Admin"]);
    server = await startOwnToolscope({ port: PORT, dataDir });
  });

  test.afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("sign-in, People and Account, in light and in dark", async ({ page }) => {
    test.setTimeout(180_000);
    const base = server!.baseUrl;
    await page.goto(`${base}/people`);
    await expect(page).toHaveURL(/\/login\?/);
    await expectAccessibleInBothThemes(page, "sign-in");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${base}/people`, { waitUntil: "load" });
    await expectAccessibleInBothThemes(page, "people");
    await page.goto(`${base}/account`);
    await expectAccessibleInBothThemes(page, "account");
  });
});
