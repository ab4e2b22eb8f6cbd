// Every way a call from the form can end, as the result view shows it and the audit log records
// it: one tool per ending on a hand-written server (test/fixtures/failures.ts, over
// stdio), and a server that is down. The ending that kills the server runs last. Only the timeout
// is tested on a copy of it with a 300 ms call timeout: on a busy machine, a crash or a progress
// notification can take longer than that to arrive, and would be read as a timeout.
import { expect, test } from "./test";
import { stdioCommand } from "../test/fixtures/spawn";
import { Workbench } from "./pages/workbench";

test.beforeAll(async ({ request }) => {
  const failures = await request.post("/api/servers", { data: { id: "failures", ...stdioCommand("failures.ts") } });
  expect(failures.status()).toBe(201);
  const hasty = await request.post("/api/servers", { data: { id: "failures-hasty", ...stdioCommand("failures.ts"), timeoutMs: 300 } });
  expect(hasty.status()).toBe(201);
  const down = await request.post("/api/servers", { data: { id: "down", type: "http", url: "http://127.0.0.1:9/mcp" } });
  expect(down.status()).toBe(201);
});

test.afterAll(async ({ request }) => {
  await request.delete("/api/servers/failures");
  await request.delete("/api/servers/failures-hasty");
  await request.delete("/api/servers/down");
});

async function recordOf(request: import("@playwright/test").APIRequestContext, auditId: string) {
  return (
    (await (await request.get(`/api/audit/${auditId}`)).json()) as {
      record: { outcome: string; error_message: string | null; output_verdict: string | null };
    }
  ).record;
}

const ENDINGS = [
  { tool: "succeed", server: "failures", status: "ok", label: "Success" },
  { tool: "tool_error", server: "failures", status: "tool_error", label: "Tool error" },
  { tool: "refuse", server: "failures", status: "protocol_error", label: "Protocol error -32001", text: "The tool refused on purpose." },
  { tool: "slow", server: "failures-hasty", status: "timeout", label: "Timed out", ms: "5000" },
] as const;

for (const ending of ENDINGS) {
  test(`a call that ends in ${ending.status} says so in the result view and the audit log`, async ({ page, request }) => {
    const bench = new Workbench(page);
    await bench.openTool(ending.tool, ending.server);
    if ("ms" in ending) await bench.field("ms").fill(ending.ms);
    await bench.run();
    await expect(bench.result).toHaveAttribute("data-status", ending.status);
    await expect(page.getByTestId("result-status")).toHaveText(ending.label);
    if ("text" in ending) await expect(page.getByTestId("result-error")).toContainText(ending.text);
    expect((await recordOf(request, await bench.auditId())).outcome).toBe(ending.status);
  });
}

test("a malformed block next to good ones: the good ones render, the bad one is shown with its reason", async ({ page, request }) => {
  const bench = new Workbench(page);
  await bench.openTool("malformed", "failures");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "malformed_result");
  await expect(page.getByTestId("result-status")).toHaveText("Malformed result");
  const blocks = page.getByTestId("content-block");
  await expect(blocks).toHaveCount(4);
  await expect(blocks.nth(0)).toContainText("before the broken block");
  await expect(blocks.nth(1)).toHaveAttribute("data-malformed", "true");
  await expect(blocks.nth(1).getByTestId("malformed-reason")).toHaveText("image block: must have required property 'data'");
  await expect(blocks.nth(1).getByTestId("malformed-raw")).toContainText('"mimeType": "image/png"');
  await expect(blocks.nth(2)).toContainText("after the broken block");
  // A block type from a newer revision is shown as sent, not dropped and not called broken.
  await expect(blocks.nth(3).getByTestId("content-unknown")).toContainText("hologram");
  const auditId = await bench.auditId();
  const record = await recordOf(request, auditId);
  expect(record).toMatchObject({
    outcome: "malformed_result",
    error_message: "content[1]: image block: must have required property 'data'",
  });
  // The audit page names it from the same outcome table.
  await page.goto(`/audit?focus=${auditId}`);
  await expect(page.locator(`[data-testid=audit-row][data-audit-id="${auditId}"]`).getByTestId("audit-outcome")).toHaveText(
    "Malformed result",
  );
});

test("Cancel ends the call with a cancelled result", async ({ page, request }) => {
  const bench = new Workbench(page);
  await bench.openTool("slow_with_progress", "failures");
  await bench.field("ms").fill("40000");
  await bench.runButton.click();
  await expect(page.getByTestId("progress")).toBeVisible();
  await page.getByTestId("cancel-button").click();
  await expect(bench.result).toHaveAttribute("data-status", "cancelled");
  await expect(page.getByTestId("result-status")).toHaveText("Cancelled");
  expect((await recordOf(request, await bench.auditId())).outcome).toBe("cancelled");
});

test("a result that fails the tool's outputSchema is not a success, here or in the audit log", async ({ page, request }) => {
  const bench = new Workbench(page);
  await bench.openTool("broken_structured");
  await bench.run();
  await expect(page.getByTestId("result-status")).toHaveText("Result does not match outputSchema");
  await expect(bench.result).toHaveAttribute("data-outcome", "output_mismatch");
  await expect(bench.result).not.toContainText("Success");
  const verdict = page.getByTestId("output-verdict");
  await expect(verdict).toHaveAttribute("data-verdict", "invalid");
  await expect(verdict).toContainText("/count must be a whole number");
  await expect(verdict).toContainText('/status must be one of "ok", "degraded"');
  await expect(verdict).toContainText('/ has a field "extra" that is not allowed here');
  const auditId = await bench.auditId();
  // The record keeps what the server answered (a result, not an error) and the verdict beside it.
  expect(await recordOf(request, auditId)).toMatchObject({ outcome: "ok", output_verdict: "invalid" });

  await page.goto(`/audit?focus=${auditId}`);
  const badge = page.locator(`[data-testid=audit-row][data-audit-id="${auditId}"]`).getByTestId("audit-outcome");
  await expect(badge).toHaveText("Result does not match outputSchema");
  await page.goto(`/audit/${auditId}`);
  await expect(page.getByTestId("read-only-outcome")).toHaveText("Result does not match outputSchema");
  await expect(page.getByTestId("result-status")).toHaveText("Result does not match outputSchema");
});

test("a server that is down: the call is still a call, audited as unavailable", async ({ page, request }) => {
  // A server that never connected has no catalog and so no form: a script makes the call.
  const response = await request.post("/api/servers/down/tools/echo/call", { data: { arguments: {} } });
  const body = (await response.json()) as { status: string; auditId: string };
  expect(response.status()).toBe(200);
  expect(body.status).toBe("unavailable");
  expect((await recordOf(request, body.auditId)).outcome).toBe("unavailable");
  await page.goto(`/audit?focus=${body.auditId}`);
  await expect(page.locator(`[data-testid=audit-row][data-audit-id="${body.auditId}"]`).getByTestId("audit-outcome")).toHaveText(
    "Server unavailable",
  );
});

test("a server that dies mid-call: connection lost", async ({ page, request }) => {
  const bench = new Workbench(page);
  await bench.openTool("crash", "failures");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "transport_error");
  await expect(page.getByTestId("result-status")).toHaveText("Connection lost");
  expect((await recordOf(request, await bench.auditId())).outcome).toBe("transport_error");
});
