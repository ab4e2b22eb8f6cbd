// Walks every tool that @modelcontextprotocol/server-everything (from npm) lists, through
// Toolscope's UI: open it, fill its form like a user, run it, answer what the server asks
// for (elicitation, sampling), and check that a result came back. The list comes from the
// server, so a tool added in a later release is walked too — and fails here until it has a
// plan if it needs arguments the form cannot guess.
import { expect, test } from "./test";
import { type Page } from "@playwright/test";
import { stdioCommand } from "../test/fixtures/spawn";
import { Workbench } from "./pages/workbench";

const SERVER = "everything-ui";

type Plan = (page: Page, bench: Workbench) => Promise<unknown>;

/** What a user types into each tool that needs more than its defaults; the rest just run. */
const PLANS: Record<string, { fill?: Plan; during?: Plan; expectText?: string | RegExp }> = {
  echo: { fill: async (_, b) => b.field("message").fill("hello from the walk"), expectText: "hello from the walk" },
  "get-annotated-message": { fill: async (_, b) => b.field("messageType").selectOption("success") },
  "get-structured-content": { fill: async (_, b) => b.field("location").selectOption("Chicago"), expectText: /temperature/ },
  "get-sum": {
    fill: async (_, b) => {
      await b.field("a").fill("2");
      await b.field("b").fill("40");
    },
    expectText: /42/,
  },
  // Its default input is an internet URL; this machine has no internet, and a test must not need it.
  "gzip-file-as-resource": {
    fill: async (_, b) => b.field("data").fill("data:text/plain;base64,aGVsbG8gd29ybGQ="),
  },
  "trigger-long-running-operation": {
    fill: async (_, b) => {
      await b.field("duration").fill("1");
      await b.field("steps").fill("2");
    },
    expectText: /completed/i,
  },
  "trigger-elicitation-request": {
    during: async (page) => {
      const ask = page.getByTestId("input-request");
      await expect(ask).toBeVisible();
      await ask.getByLabel(/^String\*?$/).fill("Ada Lovelace");
      await page.getByTestId("input-accept").click();
    },
    expectText: /Ada Lovelace/,
  },
  "trigger-sampling-request": {
    fill: async (_, b) => b.field("prompt").fill("Say hi"),
    during: async (page) => {
      await expect(page.getByTestId("input-request")).toBeVisible();
      await page.getByTestId("sampling-reply").fill("Hi, typed by a human.");
      await page.getByTestId("input-accept").click();
    },
    expectText: /Hi, typed by a human\./,
  },
  // URL-mode elicitation: the page's host is shown before anything opens; accepting says so.
  "trigger-url-elicitation": {
    fill: async (_, b) => b.field("url").fill("https://sign-in.example.com/authorize?flow=1"),
    during: async (page) => {
      const ask = page.getByTestId("url-elicitation");
      await expect(ask).toBeVisible();
      await expect(ask.getByTestId("url-elicitation-host")).toHaveText("sign-in.example.com");
      await expect(ask.getByTestId("url-elicitation-open")).toHaveAttribute("rel", "noopener noreferrer");
      await page.getByTestId("input-accept").click();
    },
    expectText: /completed the URL elicitation flow/,
  },
  // The server asks Toolscope to run the elicitation as a task (tasks.requests.elicitation.create) and polls it.
  "trigger-elicitation-request-async": {
    during: async (page) => {
      const ask = page.getByTestId("input-request");
      await expect(ask).toBeVisible();
      await ask.getByLabel(/^Your Name\*?$/).fill("Grace Hopper");
      await page.getByTestId("input-accept").click();
    },
    expectText: /\[COMPLETED\][\s\S]*Name: Grace Hopper/,
  },
  "trigger-sampling-request-async": {
    fill: async (_, b) => b.field("prompt").fill("Say hi as a task"),
    during: async (page) => {
      await expect(page.getByTestId("input-request")).toBeVisible();
      await page.getByTestId("sampling-reply").fill("Hi, from a task.");
      await page.getByTestId("input-accept").click();
    },
    expectText: /Hi, from a task\./,
  },
  // taskSupport "required": Toolscope runs it as a task.
  "simulate-research-query": { fill: async (_, b) => b.field("topic").fill("MCP tool catalogs") },
};

test.beforeAll(async ({ request }) => {
  const added = await request.post("/api/servers", { data: { id: SERVER, ...stdioCommand("everything.ts", "stdio") } });
  expect(added.status()).toBe(201);
  await expect
    .poll(async () => (await (await request.get(`/api/servers/${SERVER}`)).json()).server.status, { timeout: 20_000 })
    .toBe("ready");
});

test.afterAll(async ({ request }) => {
  await request.delete(`/api/servers/${SERVER}`);
});

test("every tool server-everything lists can be called from its form", async ({ page, request }) => {
  test.setTimeout(180_000);
  const { tools } = (await (await request.get(`/api/servers/${SERVER}/tools`)).json()) as { tools: { name: string }[] };
  // All of them: Toolscope offers URL-mode elicitation and tasks, so the tools that need them are listed too.
  expect(tools.map((t) => t.name)).toEqual(
    expect.arrayContaining(["trigger-url-elicitation", "trigger-elicitation-request-async", "trigger-sampling-request-async"]),
  );
  expect(tools.length).toBe(19);
  const bench = new Workbench(page);
  const walked: string[] = [];
  for (const { name } of tools) {
    await test.step(name, async () => {
      const plan = PLANS[name] ?? {};
      await bench.openTool(name, SERVER);
      await plan.fill?.(page, bench);
      await bench.runButton.click();
      const confirm = page.getByTestId("confirm-dialog");
      const next = bench.result.or(confirm).or(page.getByTestId("progress")).or(page.getByTestId("input-request"));
      await expect(next.first()).toBeVisible();
      if (await confirm.isVisible()) await page.getByTestId("confirm-run").click();
      await plan.during?.(page, bench);
      await expect(bench.result).toBeVisible({ timeout: 30_000 });
      await expect(bench.result, `${name} should succeed`).toHaveAttribute("data-status", "ok");
      if (plan.expectText) await expect(bench.result).toContainText(plan.expectText);
      walked.push(name);
    });
  }
  expect(walked).toEqual(tools.map((t) => t.name));
});

test("its page pings it (a 2025-11-25 session) and reads its resources and prompts", async ({ page }) => {
  await page.goto(`/servers/${SERVER}`);
  await page.getByRole("button", { name: "Ping" }).click();
  await expect(page.getByTestId("ping-answer")).toHaveText(/^answered in \d+(\.\d)? ms$/);
  // Its revision has logging/setLevel: the page offers it, and the server takes it.
  const level = page.getByTestId("server-log-level");
  await level.selectOption("error");
  await expect(level).toHaveValue("error");
  await expect(
    page
      .getByTestId("server-log")
      .getByRole("paragraph")
      .filter({ hasText: /refused|takes no/ }),
  ).toHaveCount(0);
  await page.getByRole("navigation", { name: "Server" }).getByRole("link", { name: "Resources" }).click();
  await expect(page.getByTestId("resource-row").first()).toBeVisible();
  await page
    .getByTestId("resource-row")
    .first()
    .getByRole("button", { name: /^Read / })
    .click();
  await expect(page.getByTestId("resource-read").getByTestId("audit-outcome")).toHaveAttribute("data-outcome", "ok");
  await page.getByRole("navigation", { name: "Server" }).getByRole("link", { name: "Prompts" }).click();
  await page.getByTestId("prompt-row").filter({ hasText: "Simple Prompt" }).click();
  await page.getByRole("button", { name: "Get prompt" }).click();
  await expect(page.getByTestId("prompt-message").first()).toBeVisible();
});

test("a tool run as a task shows in its server's tasks panel until it completes, with its result", async ({ page, request }) => {
  const started = await request.post(`/api/servers/${SERVER}/tools/simulate-research-query/tasks`, {
    data: { arguments: { topic: "MCP tool catalogs" } },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { task } = (await started.json()) as { task: { taskId: string } };
  await page.goto(`/servers/${SERVER}`);
  const row = page.getByTestId("tasks-panel").getByTestId("task-row").filter({ hasText: task.taskId });
  await expect(row).toContainText("simulate-research-query");
  await expect(row).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await row.getByRole("link", { name: /^Result/ }).click();
  await expect(page).toHaveURL(/\/audit\//);
});
