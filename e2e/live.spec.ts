// Live behaviour in the browser: progress with cancel, and a list_changed that adds a tool
// to the catalog while a half-filled form keeps its values.
import { expect, test } from "./test";
import { Workbench } from "./pages/workbench";

test("a slow tool shows its progress and can be cancelled", async ({ page, request }) => {
  const bench = new Workbench(page);
  await bench.openTool("slow_task");
  await bench.field("steps").fill("50");
  await bench.field("stepMs").fill("400");
  await bench.runButton.click();
  // Any step short of the last: on a busy machine the page may first be seen at step 12.
  await expect(page.getByTestId("progress-message")).toHaveText(/Step ([2-9]|[1-4]\d) of 50/);
  await expect(page.getByTestId("progress-fill")).toBeVisible();
  await page.getByTestId("cancel-button").click();
  // A cancel is the call's outcome, shown as its result, not an error of the page.
  await expect(bench.result).toHaveAttribute("data-status", "cancelled");
  await expect(page.getByTestId("result-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("request-error")).toHaveCount(0);
  await expect(page.getByTestId("progress")).toHaveCount(0);
  // The audit log records the cancellation, under the id the result names.
  const auditId = (await page.getByTestId("result-audit-id").textContent())!.replace("audit ", "");
  const record = await (await request.get(`/api/audit/${auditId}`)).json();
  expect(record).toMatchObject({ record: { tool_name: "slow_task", outcome: "cancelled" } });
});

test("a tool added by list_changed appears while a half-filled form keeps its values", async ({ page, request }) => {
  const bench = new Workbench(page);
  await bench.openTool("create_note");
  await bench.field("title").fill("Half-written note");
  const before = Number((await bench.count.textContent())?.match(/\d+/)?.[0]);
  const toggled = await (await request.post("/api/servers/demo/tools/toggle_bonus_tool/call", { data: { arguments: {} } })).json();
  const added = /Added/.test(toggled.result.content[0].text);
  await expect(bench.count).toHaveText(`${added ? before + 1 : before - 1} tools`);
  if (added) {
    await bench.filter.fill("bonus");
    await expect(bench.item("bonus_tool")).toHaveAttribute("data-highlight", "added");
  } else {
    await expect(page.getByTestId("catalog-removed")).toContainText("bonus_tool");
  }
  await expect(bench.field("title")).toHaveValue("Half-written note");
  if (added) await request.post("/api/servers/demo/tools/toggle_bonus_tool/call", { data: { arguments: {} } });
});

test("a tool that asks for input shows the server's form; accepting and declining both reach the server", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("confirm_action");
  await bench.field("action").fill("deploy to production");
  await bench.runButton.click();
  const ask = page.getByTestId("input-request");
  await expect(ask).toBeVisible();
  await expect(page.getByTestId("input-message")).toHaveText("Do you want to deploy to production?");
  await ask.getByLabel("Confirm").check();
  await ask.getByLabel(/^Urgency/).selectOption("high");
  await page.getByTestId("input-accept").click();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  await expect(bench.result).toContainText("Confirmed: deploy to production (urgency high).");

  await bench.runButton.click();
  await page.getByTestId("input-decline").click();
  await expect(bench.result).toContainText("The user chose to decline the request");
});

test("cancelling a request for input reaches the server, which does nothing", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("confirm_action");
  await bench.field("action").fill("drop the staging database");
  await bench.runButton.click();
  await expect(page.getByTestId("input-message")).toHaveText("Do you want to drop the staging database?");
  await page.getByTestId("input-cancel").click();
  await expect(page.getByTestId("input-request")).toHaveCount(0);
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  await expect(bench.result).toContainText("The user chose to cancel the request; nothing was done.");
});
