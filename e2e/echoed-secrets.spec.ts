// A server that echoes secrets back (issue 28, item 3): test/fixtures/echo-secrets.ts over
// stdio, with its key in its env. A password typed into the form and the server's key come back
// in the result's text, its JSON and its structuredContent; the result view (the JSON tree, the
// raw text behind it, structured content) and the audit record show "[redacted]" instead.
import { expect, test } from "./test";
import { type Locator } from "@playwright/test";
import { stdioCommand } from "../test/fixtures/spawn";
import { Workbench } from "./pages/workbench";

const SERVER = "echo-secrets";
const PASSWORD = "pw-Echo-e2e-8Kd3Rv6Tz";
const SERVER_KEY = "srv-Echo-e2e-5Lb9Wq2Hn";
const NOTE = "quince-note-7321";

test.beforeAll(async ({ request }) => {
  const entry = { id: SERVER, ...stdioCommand("echo-secrets.ts", "stdio"), env: { ECHO_SERVER_KEY: SERVER_KEY } };
  expect((await request.post("/api/servers", { data: entry })).status()).toBe(201);
});
test.afterAll(async ({ request }) => {
  await request.delete(`/api/servers/${SERVER}`);
});

async function expectMasked(where: Locator, what: string): Promise<void> {
  await expect(where, what).toContainText("[redacted]");
  const text = (await where.innerText()) + (await where.innerHTML());
  expect(text, what).not.toContain(PASSWORD);
  expect(text, what).not.toContain(SERVER_KEY);
}

test("the result's JSON, raw text and structured content mask an echoed secret, and so does its audit record", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("echo", SERVER);
  await expect(bench.field("password")).toHaveAttribute("type", "password");
  await bench.field("password").fill(PASSWORD);
  await bench.field("note").fill(NOTE);
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");

  const json = page.getByTestId("content-json");
  await expect(json).toContainText(`"password": "[redacted]"`);
  await expect(json).toContainText(`"serverKey": "[redacted]"`);
  await expect(json).toContainText(NOTE);
  await expectMasked(json, "the JSON tree of the text block");
  const structured = page.getByTestId("structured-content");
  await expect(structured).toContainText(`"[redacted]": "a key that is the password"`);
  await expectMasked(structured, "structured content");
  await expectMasked(bench.result, "the whole result");

  // The same text block as raw text.
  await bench.result.getByRole("button", { name: "Show raw text" }).first().click();
  await expect(bench.result.getByTestId("content-text").first()).toContainText(`"password":"[redacted]"`);
  await expectMasked(bench.result, "the raw text");

  const auditId = await bench.auditId();
  await page.goto(`/audit?focus=${auditId}`);
  const detail = page.getByTestId("audit-detail");
  await expect(detail).toContainText(NOTE);
  await expectMasked(detail, "the audit log's record");
  await page.goto(`/audit/${auditId}`);
  await expect(page.getByTestId("content-json")).toContainText(NOTE);
  await expectMasked(page.getByTestId("result-panel"), "the audit record page");
});

test("a tool error, a JSON-RPC error and a request for input mask an echoed secret too", async ({ page }) => {
  const bench = new Workbench(page);
  for (const [tool, status, where] of [
    ["fail", "tool_error", "the tool error"],
    ["refuse", "protocol_error", "the JSON-RPC error"],
  ] as const) {
    await bench.openTool(tool, SERVER);
    await bench.field("password").fill(PASSWORD);
    await bench.run();
    await expect(bench.result).toHaveAttribute("data-status", status);
    await expectMasked(bench.result, where);
  }

  // The server asks for input, quoting the password and its key in its message and schema.
  await bench.openTool("ask", SERVER);
  await bench.field("password").fill(PASSWORD);
  await bench.runButton.click();
  const ask = page.getByTestId("input-request");
  await expect(ask.getByTestId("input-message")).toContainText("Confirm: You sent [redacted]");
  await expectMasked(ask, "the request for input");
  await ask.getByTestId("input-decline").click();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  await expect(bench.result).toContainText('Answered {"action":"decline"}');
});
