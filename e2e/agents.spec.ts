// An agent through Toolscope's MCP endpoint, and a person in the loop: the official SDK client
// calls the demo server's destructive tool through /mcp; the call waits on the Approvals page
// until someone approves it, denies it with a reason, or edits its arguments and approves those.
// The agent's call completes (or is refused) accordingly, and `npm run audit:verify` finds the
// audit chain intact with every decision in it.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { Client, StreamableHTTPClientTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { ApprovalsPage } from "./pages/approvals";
import { ServerPage } from "./pages/server-page";
import { expectAccessible, THEMES } from "./accessible";
import { sharedToolscopeUrl } from "./shared-toolscope";
import { parallelSlot } from "./ports";
import { expect, test } from "./test";
import { REPO_ROOT } from "../test/fixtures/spawn";
import { DEMO_CLI } from "../test/demo-client";
import { programArgs } from "../test/programs";

let agent: Client;

test.beforeAll(async () => {
  agent = new Client({ name: "e2e-agent", version: "0.9.0" });
  await agent.connect(new StreamableHTTPClientTransport(new URL(`${sharedToolscopeUrl()}/mcp`)));
});
test.afterAll(async () => {
  await agent?.close();
});

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}

test("a destructive call waits; approved in the browser, the agent's call completes", async ({ page }) => {
  const approvals = new ApprovalsPage(page);
  const call = agent.callTool({ name: "demo__delete_note", arguments: { id: "e2e-approve-me" } });
  await approvals.open();
  const card = approvals.card("e2e-approve-me");
  await expect(card).toContainText("e2e-agent 0.9.0");
  await expect(card).toContainText("Delete a note");
  await expect(card).toContainText("destructive");
  // Noticed from any page: the header counts the calls waiting for this person.
  await page.goto("/servers");
  await expect(page.getByTestId("approvals-badge")).toHaveText(/^1\s*waiting for you$/);
  await approvals.open();
  await approvals.approve("e2e-approve-me");
  const result = (await call) as CallToolResult;
  expect(result.isError).toBeFalsy();
  expect(text(result)).toContain("e2e-approve-me");
  await expect(card).toHaveCount(0);
  await expect(approvals.decided.filter({ hasText: "delete_note" }).first()).toContainText("Approved by Local user");
  // The call's own record names the agent it came through and who approved it.
  const auditId = (result._meta as Record<string, unknown>)["io.toolscope/auditId"] as string;
  await page.goto(`/audit/${auditId}`);
  await expect(page.getByTestId("audit-detail-via")).toContainText("e2e-agent 0.9.0");
  await expect(page.getByTestId("audit-detail-reason")).toContainText("Approved by Local user");
});

test("a denied call returns the person's reason to the agent", async ({ page }) => {
  const approvals = new ApprovalsPage(page);
  const call = agent.callTool({ name: "demo__delete_note", arguments: { id: "e2e-deny-me" } });
  await approvals.open();
  await approvals.deny("e2e-deny-me", "That note is the team's only copy.");
  const result = (await call) as CallToolResult;
  expect(result.isError).toBe(true);
  expect(text(result)).toContain("Local user denied the call: That note is the team's only copy.");
});

test("an approver edits the arguments in the tool's form; the call runs with the edited ones", async ({ page }) => {
  const approvals = new ApprovalsPage(page);
  const call = agent.callTool({ name: "demo__delete_note", arguments: { id: "e2e-every-note" } });
  await approvals.open();
  await approvals.editAndApprove("e2e-every-note", "id", "e2e-just-this-one");
  const result = (await call) as CallToolResult;
  expect(text(result)).toContain("e2e-just-this-one");
});

test("the Approvals page, a call waiting, is accessible in both themes and at 390 px", async ({ page }) => {
  const approvals = new ApprovalsPage(page);
  const call = agent.callTool({ name: "demo__delete_note", arguments: { id: "e2e-look-at-me" } });
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await approvals.open();
    await expect(approvals.card("e2e-look-at-me")).toBeVisible();
    await expect(page.getByTestId("approvals-badge")).toBeVisible();
    await expectAccessible(page, "approvals with a waiting call", theme);
  }
  // On a phone the nav with the badge scrolls sideways; the waiting call has a link of its own there.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByTestId("approvals-alert")).toHaveText(/^1 waiting/);
  await expect(page.getByTestId("approvals-alert")).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByTestId("approvals-alert")).toBeHidden();
  // By keyboard alone: Tab reaches Approve.
  const approve = approvals.card("e2e-look-at-me").getByRole("button", { name: "Approve", exact: true });
  for (let i = 0; i < 30 && !(await approve.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(approve).toBeFocused();
  await page.keyboard.press("Enter");
  expect(((await call) as CallToolResult).isError).toBeFalsy();
  // Focus does not fall to the page's top with the decided card; the header's count follows at once.
  await expect(page.getByRole("heading", { name: /^Waiting/ })).toBeFocused();
  await expect(page.getByTestId("approvals-badge")).toHaveCount(0);
});

test("every decision is in the audit log, and npm run audit:verify finds the chain intact", async ({ page }) => {
  await page.goto("/audit?via=agent");
  await expect(page.getByTestId("audit-via").first()).toHaveText("agent");
  const dataDir = path.join(process.env.TOOLSCOPE_E2E_DATA_DIR!, `worker-${parallelSlot()}`);
  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "audit:verify"], {
    env: { ...process.env, TOOLSCOPE_DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  expect(stdout).toMatch(/^Audit chain intact: \d+ records checked/);
  for (const kind of ["agent_call_approved", "agent_call_denied"]) {
    await page.goto(`/audit?kind=${kind}`);
    await expect(page.getByTestId("audit-empty")).toHaveCount(0);
  }
});

test("the Agents page lists the agent with its calls, its last call and its log; accessible in both themes", async ({ page }) => {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto("/agents");
    const row = page.getByTestId("agent-row").filter({ hasText: "e2e-agent 0.9.0" });
    await expect(row).toContainText("Local user");
    await expect(row).toContainText("demo__delete_note");
    await expect(page.getByTestId("agents-connect")).toContainText("/mcp");
    await expectAccessible(page, "agents", theme);
  }
  await page.getByTestId("agent-row").filter({ hasText: "e2e-agent 0.9.0" }).getByRole("link", { name: "e2e-agent 0.9.0" }).click();
  await expect(page).toHaveURL(/\/audit\?via=agent%3Ae2e-agent/);
  await expect(page.getByTestId("audit-row").first()).toBeVisible();
});

test("an admin composes a virtual server in the browser; an agent at /mcp/{name} sees only its tool, pinned", async ({ page }) => {
  const editor = page.getByTestId("virtual-server-editor");
  // The editor, filled in, in each theme (the theme is read when the page loads); saved in the last.
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto("/agents");
    await page.getByRole("button", { name: "New virtual server…" }).click();
    await editor.getByRole("textbox", { name: /^Name \(its address/ }).fill("desk");
    await editor.getByLabel("Title").fill("Front desk");
    await editor.getByLabel("Server of tool 1").selectOption({ label: "Demo server" });
    const picker = editor.getByRole("combobox", { name: "Tool 1", exact: true });
    await picker.fill("get_weath");
    await page.getByRole("option", { name: "get_weather" }).click();
    await editor.getByLabel("Name the agent sees for tool 1").fill("weather");
    await editor.getByLabel("Pinned arguments of tool 1 (JSON)").fill('{"city": "Oslo"}');
    await expectAccessible(page, "agents with the virtual server editor", theme);
  }
  await editor.getByRole("button", { name: "Save virtual server" }).click();
  const saved = page.getByTestId("virtual-server").filter({ hasText: "Front desk" });
  await expect(saved).toContainText("/mcp/desk");
  await expect(saved).toContainText('weather (pinned city="Oslo")');
  // Focus is not lost with the editor: it is on the list's heading.
  await expect(page.getByRole("heading", { name: "Virtual servers" })).toBeFocused();
  // A new one under the same name does not replace it.
  await page.getByRole("button", { name: "New virtual server…" }).click();
  await expect(editor.getByRole("textbox", { name: /^Name \(its address/ })).toBeFocused();
  await editor.getByRole("textbox", { name: /^Name \(its address/ }).fill("desk");
  await editor.getByLabel("Server of tool 1").selectOption({ label: "Demo server" });
  await editor.getByRole("combobox", { name: "Tool 1", exact: true }).fill("echo");
  await page.getByRole("option", { name: "echo", exact: true }).click();
  await editor.getByRole("button", { name: "Save virtual server" }).click();
  await expect(editor.getByRole("alert")).toContainText('A virtual server named "desk" exists already');
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(saved).toContainText("weather");

  const desk = new Client({ name: "desk-agent", version: "1.0.0" });
  await desk.connect(new StreamableHTTPClientTransport(new URL(`${sharedToolscopeUrl()}/mcp/desk`)));
  try {
    const { tools } = await desk.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["weather"]);
    const result = (await desk.callTool({ name: "weather", arguments: { city: "Lima" } })) as CallToolResult;
    expect(text(result)).toContain("Oslo");
  } finally {
    await desk.close();
  }
});

test("an admin lets agents call a server's destructive tools without waiting, in the server's policy", async ({ page }) => {
  await page.goto("/servers/demo");
  const policy = page.getByTestId("tool-policy-panel");
  await new ServerPage(page).unfold(policy);
  const agents = policy.getByTestId("policy-agents");
  await expect(agents.getByTestId("policy-agents-destructive")).toHaveValue("wait");
  await expectAccessible(page, "server page with its policy open", "light");
  await agents.getByTestId("policy-agents-destructive").selectOption("allow");
  await new ServerPage(page).savePolicy();
  try {
    const result = (await agent.callTool(
      { name: "demo__delete_note", arguments: { id: "e2e-no-wait" } },
      { timeout: 20_000 },
    )) as CallToolResult;
    expect(text(result)).toContain("e2e-no-wait");
  } finally {
    await agents.getByTestId("policy-agents-destructive").selectOption("wait");
    await new ServerPage(page).savePolicy();
  }
});

test("an exception for one tool: agents' calls to it go ahead while other destructive tools still wait", async ({ page }) => {
  await page.goto("/servers/demo");
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 30_000 });
  const policy = page.getByTestId("tool-policy-panel");
  await new ServerPage(page).unfold(policy);
  const agents = policy.getByTestId("policy-agents");
  const picker = agents.getByRole("combobox", { name: "Tool to add an agents' exception for" });
  await picker.fill("delete_no");
  await picker.press("ArrowDown");
  await picker.press("Enter");
  await expect(picker).toHaveValue("delete_note");
  await agents.getByRole("button", { name: "Add the agents' exception" }).click();
  // It starts as the opposite of what its class has: a destructive tool goes ahead.
  const rule = agents.getByRole("combobox", { name: "Agents' calls to delete_note", exact: true });
  await expect(rule).toHaveValue("allow");
  await expect(agents.getByTestId("policy-agents-tool-delete_note")).toContainText("otherwise: wait for a person");
  await new ServerPage(page).savePolicy();
  try {
    const result = (await agent.callTool(
      { name: "demo__delete_note", arguments: { id: "e2e-excepted" } },
      { timeout: 20_000 },
    )) as CallToolResult;
    expect(text(result)).toContain("e2e-excepted");
  } finally {
    await agents.getByRole("button", { name: "Remove the agents' exception for delete_note" }).click();
    await new ServerPage(page).savePolicy();
  }
});

test("a read-only tool of a server that is not trusted waits, says why, and one click trusts the server and approves", async ({
  page,
  request,
}) => {
  const SERVER = `notes-${parallelSlot()}`;
  const added = await request.post("/api/servers", {
    headers: { origin: sharedToolscopeUrl() },
    data: { id: SERVER, command: process.execPath, args: [...programArgs(DEMO_CLI), "stdio"], cwd: REPO_ROOT },
  });
  expect(added.status(), await added.text()).toBe(201);
  try {
    await expect
      .poll(async () => (await (await request.get(`/api/servers/${SERVER}`)).json()).server.status, { timeout: 20_000 })
      .toBe("ready");
    const approvals = new ApprovalsPage(page);
    const call = agent.callTool({ name: `${SERVER}__list_notes`, arguments: {} });
    await approvals.open();
    const card = approvals.card(SERVER);
    await expect(card.getByTestId("approval-trust")).toContainText("list_notes says it is read-only, closed-world");
    await expect(card.getByTestId("approval-trust")).toContainText("is not trusted, so Toolscope does not believe it");
    await card.getByTestId("approval-trust-server").click();
    expect(((await call) as CallToolResult).isError).toBeFalsy();
    expect((await (await request.get(`/api/servers/${SERVER}`)).json()).server.trusted).toBe(true);
    // Believed now: the next call to a read-only tool runs without waiting for anyone.
    expect(((await agent.callTool({ name: `${SERVER}__list_notes`, arguments: {} })) as CallToolResult).isError).toBeFalsy();
  } finally {
    await request.delete(`/api/servers/${SERVER}`, { headers: { origin: sharedToolscopeUrl() } });
  }
});
