// A server's pages as one place: from a tool's page, its log, resources and protocol messages are
// one click away; the Protocol tab shows a call's request and response as they happen, filters
// them, opens them as JSON and sends a request again through the audited pipeline.
import { expect, test } from "./test";
import { Workbench } from "./pages/workbench";
import { ProtocolPage } from "./pages/protocol";

test("from a tool page, the server's tabs are one click away; the protocol view shows the call live", async ({ page, request }) => {
  const bench = new Workbench(page);
  const marker = `protocol-${Date.now()}`;
  await bench.openTool("echo");
  const tabs = page.getByRole("navigation", { name: "Server" });
  for (const name of ["Overview", "Resources", "Prompts", "Log", "Protocol", "Report card"])
    await expect(tabs.getByRole("link", { name, exact: true })).toBeVisible();

  // The protocol view open in a second tab while the call is made in the first: it arrives there live.
  const watcher = await page.context().newPage();
  await watcher.goto("/servers/demo/protocol");
  const protocol = new ProtocolPage(watcher);
  await expect(watcher.getByTestId("protocol-count")).toContainText("live");

  await bench.field("message").fill(marker);
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");

  const sent = protocol.of("tools/call", "out").last();
  await expect(protocol.of("tools/call", "in").last()).toBeVisible();
  await expect(await protocol.open(sent)).toContainText(marker);
  await expect(await protocol.open(protocol.of("tools/call", "in").last())).toContainText(marker);

  // Filtered by method and direction.
  const shown = (attribute: string): Promise<string[]> =>
    protocol.messages.evaluateAll((rows, name) => [...new Set(rows.map((r) => r.getAttribute(name) ?? ""))], attribute);
  await protocol.methodFilter.fill("tools/call");
  await expect.poll(() => shown("data-method")).toEqual(["tools/call"]);
  await protocol.directionFilter.selectOption("in");
  await expect.poll(() => shown("data-direction")).toEqual(["in"]);

  // Sent again: through the pipeline, audited, answered with the same echo.
  await protocol.directionFilter.selectOption("out");
  const before = ((await (await request.get("/api/audit?tool=echo&limit=100")).json()) as { records: unknown[] }).records.length;
  // Held by its seq: sending it again adds a newer tools/call, which would become the "last" one.
  const seq = await protocol.of("tools/call", "out").last().getAttribute("data-seq");
  const again = watcher.locator(`[data-testid=protocol-message][data-seq="${seq}"]`);
  await expect(await protocol.open(again)).toContainText(marker);
  await again.getByTestId("protocol-resend").click();
  const answer = again.getByTestId("protocol-resend-answer");
  await expect(answer).toContainText("Answered: ok");
  await expect(answer).toContainText(marker);
  await expect(answer.getByRole("link", { name: "audit record" })).toBeVisible();
  await expect
    .poll(async () => ((await (await request.get("/api/audit?tool=echo&limit=100")).json()) as { records: unknown[] }).records.length)
    .toBe(before + 1);

  // Back on the tool page, its log is one click away, and beside it.
  await watcher.close();
  await tabs.getByRole("link", { name: "Log", exact: true }).click();
  await expect(page).toHaveURL(/\/servers\/demo\/log$/);
  await expect(page.getByTestId("server-log")).toBeVisible();
  await bench.openTool("echo");
  await page.getByTestId("server-log-beside").click();
  await expect(page.getByTestId("server-log")).toBeVisible();
});
