// A server that cannot start: its page says what failed and since when, offers Retry and Edit,
// shows what the command said on stderr with its secrets masked, and no "pick a tool" prompt.
// The admin-only panels are folded for the local user (the admin) and hold what they did.
import { expect, test } from "./test";
import { stdioCommand } from "../test/fixtures/spawn";
import { ServerPage } from "./pages/server-page";

const ENV_SECRET = "loud-env-secret-3e8b1f";
const ARG_SECRET = "loud-arg-secret-90c4d2";
const FAILING = "loud-exit";

test.beforeAll(async ({ request }) => {
  const command = stdioCommand("loud.ts", "exit");
  const added = await request.post("/api/servers", {
    data: {
      id: FAILING,
      name: "Loud and broken",
      ...command,
      args: [...command.args, "--api-key", ARG_SECRET],
      env: { LOUD_SECRET: ENV_SECRET, LOUD_LINES: "2" },
    },
  });
  expect(added.status()).toBe(201);
});

test.afterAll(async ({ request }) => {
  await request.delete(`/api/servers/${FAILING}`);
});

test("a server whose command exits shows the failure, its stderr masked, Retry and Edit", async ({ page }) => {
  const server = new ServerPage(page);
  await server.open(FAILING);
  await expect(server.failure).toBeVisible();
  await expect(server.failureError).toContainText("exited before it answered");
  await expect(server.failureError).toContainText("bad configuration");
  await expect(page.getByTestId("failure-since").locator("time")).toHaveAttribute("datetime", /^\d{4}-/);
  await expect(page.getByTestId("failure-last-connected")).toHaveText("never, since Toolscope started");
  await expect(server.overview).not.toContainText("Pick a tool");

  await expect(server.stderrLines).toContainText("loud: fatal: cannot start (bad configuration)");
  await expect(server.stderrLines).toContainText("loud: starting with secret [redacted]");
  await expect(server.stderrLines).toContainText("loud: api key [redacted]");
  const stderr = await page.request.get(`/api/servers/${FAILING}/stderr`);
  expect(await stderr.text()).not.toMatch(new RegExp(`${ENV_SECRET}|${ARG_SECRET}`));
  await expect(page.locator("body")).not.toContainText(ENV_SECRET);

  // Retry starts the command again at once: its stderr says so once more, and the failure still dates from the first.
  // (Counted from what is there when Retry is clicked: on a slow machine the reconnection's own backoff may have tried already.)
  const since = await page.getByTestId("failure-since").locator("time").getAttribute("datetime");
  const fatal = server.stderrLines.getByText("loud: fatal: cannot start (bad configuration)");
  const before = await fatal.count();
  // Retry answers once its attempt has ended (however long a busy machine takes to start the command).
  const retried = page.waitForResponse((r) => r.url().endsWith(`/api/servers/${FAILING}/reconnect`), { timeout: 60_000 });
  await server.retry.click();
  await retried;
  await expect.poll(() => fatal.count()).toBeGreaterThan(before);
  await expect(server.retry).toBeEnabled();
  await expect(page.getByTestId("failure-since").locator("time")).toHaveAttribute("datetime", since!);
  // Retry is in the audit log, written before Retry answered: who asked, and what came of it, without the server's secrets.
  const reconnected = async (): Promise<string> => (await page.request.get(`/api/audit?kind=server_reconnected&server=${FAILING}`)).text();
  expect(await reconnected()).toMatch(/"status":"(failed|connecting)"/);
  expect(await reconnected()).not.toMatch(new RegExp(`${ENV_SECRET}|${ARG_SECRET}`));

  // Edit opens the server's form on the servers page.
  await server.edit.click();
  await expect(page).toHaveURL(new RegExp(`/servers\\?edit=${FAILING}$`));
  const form = page.getByTestId("server-form");
  await expect(form.getByLabel("Id", { exact: true })).toHaveValue(FAILING);
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Loud and broken");
});

test("the tool policy is folded for the admin, and a healthy command's stderr is folded too", async ({ page }) => {
  const server = new ServerPage(page);
  await server.open("demo");
  await expect(page.getByText("Pick a tool on the left")).toBeVisible();
  await expect(server.failure).toHaveCount(0);

  await expect(server.toolPolicy).toBeVisible();
  await expect(server.toolPolicy.getByRole("button").first()).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("tool-policy-editor")).toHaveCount(0);
  await server.unfold(server.toolPolicy);
  await expect(server.toolPolicy.getByTestId("tool-policy-editor")).toBeVisible();
  await expect(server.toolPolicy.getByTestId("policy-save")).toBeDisabled();

  await expect(server.stderrPanel.getByRole("button").first()).toHaveAttribute("aria-expanded", "false");
  await server.unfold(server.stderrPanel);
  await expect(server.stderrPanel.getByTestId("stderr-tail")).toBeVisible();
});
