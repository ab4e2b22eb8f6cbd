// Task-augmented tool calls against server-everything from npm (2025-11-25 tasks): create,
// poll, fetch the result (audited), and cancel.
import { expect, test } from "./test";
import { stdioCommand } from "../test/fixtures/spawn";

test.beforeAll(async ({ request }) => {
  const added = await request.post("/api/servers", { data: { id: "everything", ...stdioCommand("everything.ts", "stdio") } });
  expect(added.status()).toBe(201);
  await expect
    .poll(async () => (await (await request.get("/api/servers/everything")).json()).server.status, { timeout: 20_000 })
    .toBe("ready");
});

test.afterAll(async ({ request }) => {
  await request.delete("/api/servers/everything");
});

test("a task runs to completion and its result is audited", async ({ request }) => {
  const created = await request.post("/api/servers/everything/tools/simulate-research-query/tasks", {
    data: { arguments: { topic: "tides" } },
  });
  expect(created.status()).toBe(201);
  const { task, auditId } = await created.json();
  expect(task).toMatchObject({ taskId: expect.any(String), status: "working" });

  await expect
    .poll(async () => (await (await request.get(`/api/servers/everything/tasks/${task.taskId}`)).json()).task.status, {
      timeout: 15_000,
      intervals: [500],
    })
    .toBe("completed");
  const result = await (await request.get(`/api/servers/everything/tasks/${task.taskId}/result`)).json();
  expect(result).toMatchObject({ status: "ok", auditId });
  expect(JSON.stringify(result.result.content)).toContain("tides");
  const { records } = await (await request.get("/api/audit?tool=simulate-research-query&limit=5")).json();
  expect(records.find((r: { id: string }) => r.id === auditId)).toMatchObject({ outcome: "ok" });
});

test("a task can be cancelled, and the audit log says so", async ({ request }) => {
  const { task, auditId } = await (
    await request.post("/api/servers/everything/tools/simulate-research-query/tasks", { data: { arguments: { topic: "cancel me" } } })
  ).json();
  const cancelled = await (await request.delete(`/api/servers/everything/tasks/${task.taskId}`)).json();
  expect(cancelled.task.status).toBe("cancelled");
  const { records } = await (await request.get("/api/audit?tool=simulate-research-query&limit=5")).json();
  expect(records.find((r: { id: string }) => r.id === auditId)).toMatchObject({ outcome: "cancelled" });
});

test("a server without task support says so", async ({ request }) => {
  const response = await request.post("/api/servers/demo/tools/echo/tasks", { data: { arguments: { message: "x" } } });
  expect(response.status()).toBe(400);
  expect((await response.json()).error.message).toMatch(/does not support running tools as tasks/);
});

test("in the UI, a tool that requires a task runs as one, showing the task's status", async ({ page }) => {
  await page.goto("/servers/everything/tools/simulate-research-query");
  await expect(page.locator('[data-testid=catalog-item][data-tool-name="simulate-research-query"]').getByTestId("badge-task")).toHaveText(
    "task: required",
  );
  const asTask = page.getByTestId("run-as-task");
  await expect(asTask).toBeChecked();
  await expect(asTask).toBeDisabled();
  await page
    .getByTestId("tool-panel")
    .getByLabel(/^topic\*?$/)
    .fill("coral reefs");
  await page.getByTestId("run-button").click();
  await expect(page.getByTestId("progress-message")).toContainText("Task working");
  await expect(page.getByTestId("result-panel")).toHaveAttribute("data-status", "ok", { timeout: 15_000 });
  await expect(page.getByTestId("result-panel")).toContainText("coral reefs");
});
