// A hosted Toolscope (people have accounts), in the browser: a command added through the UI is
// refused with the reason, an admin sets a policy on risky tools, and an operator sees it in
// the form: a destructive tool they may not call, an open-world one that asks for a reason,
// which the audit log then shows. (The same policies through the API: lib/server/hosting.test.ts.)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { type Browser, type Page } from "@playwright/test";
import { ServerPage } from "./pages/server-page";
import { signInWithPassword } from "./sign-in";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { createUser as createPerson } from "./user-create";
import { e2ePort } from "./ports";

const PORT = e2ePort("TOOLSCOPE_E2E_HOSTING_PORT", 3195);
const BASE = `http://127.0.0.1:${PORT}`;

let server: OwnToolscope | undefined;
let dataDir = "";
const passwords: Record<string, string> = {};

test.describe.configure({ mode: "serial" });

const createUser = (email: string, args: string[]): string => createPerson(dataDir, email, args);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-hosting-"));
  passwords.admin = createUser("ada@example.com", ["--admin"]);
  passwords.operator = createUser("olga@example.com", ["--role", "operator"]);
  server = await startOwnToolscope({ port: PORT, dataDir, env: { TOOLSCOPE_DEMO_SERVER: "on" } });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function signIn(browser: Browser, email: string, password: string, next = "/servers"): Promise<Page> {
  return signInWithPassword(browser, BASE, email, password, next);
}

test("an admin cannot add a command through the UI when hosted, and is told why", async ({ browser }) => {
  const page = await signIn(browser, "ada@example.com", passwords.admin!);
  await page.getByTestId("add-server").click();
  const form = page.getByTestId("server-form");
  await form.getByLabel("Id", { exact: true }).fill("shell");
  await form.getByLabel("Transport").selectOption("stdio");
  await form.getByRole("textbox", { name: "Command", exact: true }).fill("bash");
  await form.getByLabel("Arguments, one per line").fill("-c\nid");
  await form.getByRole("button", { name: "Add server" }).click();
  await expect(page.getByTestId("server-form-error")).toContainText("does not start commands added through the UI or API");
  await expect(page.getByTestId("server-form-error")).toContainText("TOOLSCOPE_STDIO");
  await page.context().close();
});

test("an admin's policy on risky tools is what an operator's form enforces, and the reason reaches the audit log", async ({ browser }) => {
  const admin = await signIn(browser, "ada@example.com", passwords.admin!, "/servers/demo");
  const adminPage = new ServerPage(admin);
  await adminPage.unfold(adminPage.toolPolicy);
  const editor = admin.getByTestId("tool-policy-editor");
  await editor.getByTestId("policy-destructive-who").selectOption("admins");
  await editor.getByTestId("policy-open-world-reason").check();
  await adminPage.savePolicy();
  await admin.context().close();

  // Only those who may change the policy see it on the server's page; the tool page tells the others.
  const operator = await signIn(browser, "olga@example.com", passwords.operator!, "/servers/demo");
  await expect(new ServerPage(operator).overview).toBeVisible();
  await expect(operator.getByTestId("tool-policy-panel")).toHaveCount(0);
  await expect(operator.getByTestId("stderr-panel")).toHaveCount(0);
  await operator.goto(`${BASE}/servers/demo/tools/delete_note`);
  await expect(operator.getByTestId("policy-note")).toContainText("lets only admins call destructive tools");
  await expect(operator.getByTestId("run-button")).toBeDisabled();

  // echo declares no annotations: by the spec's defaults it is destructive too.
  await operator.goto(`${BASE}/servers/demo/tools/echo`);
  await expect(operator.getByTestId("policy-note")).toContainText("lets only admins call destructive tools");

  // get_weather is read-only but open-world: it asks for a reason.
  await operator.goto(`${BASE}/servers/demo/tools/get_weather`);
  const reason = operator.getByTestId("call-reason");
  await expect(reason).toBeVisible();
  await operator.getByLabel(/^city/i).fill("Lisbon");
  await operator.getByTestId("run-button").click();
  await expect(operator.getByText("Type a reason before running this tool.")).toBeVisible();
  await reason.fill("Checking the echo for INC-42");
  await operator.getByTestId("run-button").click();
  // The demo server is trusted: get_weather says it is read-only, and runs without a question.
  await expect(operator.getByTestId("result-status")).toHaveText("Success");

  await operator.goto(`${BASE}/audit`);
  await operator.getByTestId("audit-row").filter({ hasText: "get_weather" }).first().click();
  await expect(operator.getByTestId("audit-detail-reason")).toHaveText("Checking the echo for INC-42");
  await operator.context().close();
});
