// The playground as a person meets it: a Toolscope whose environment points OPENAI_BASE_URL and
// OPENAI_API_KEY at a scripted OpenAI-compatible model (test/scripted-model-server.ts). Chat is
// in the main navigation; a question makes the model call a demo tool, shown inline, and the
// answer follows; the call is in the audit log via the playground and the model; the chat exports
// as JSON and starts anew; the key is in nothing the browser receives. An eval suite runs on two
// models that behave differently and shows their pass rates. Runs its own Toolscope on another port.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { expectAccessibleInBothThemes } from "./accessible";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { e2ePort } from "./ports";
import { callsTool, startScriptedModelServer, textOf, type ScriptedModelServer } from "../test/scripted-model-server";

const PORT = e2ePort("TOOLSCOPE_E2E_PLAYGROUND_PORT", 3189);
const KEY = "sk-e2e-playground-71c2d9";

const TEAM_KEY = "sk-e2e-team-4b8e01";

let models: ScriptedModelServer | undefined;
/** A second endpoint, added on the Models page rather than by the environment. */
let team: ScriptedModelServer | undefined;
let toolscope: OwnToolscope | undefined;
let dataDir = "";

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-playground-"));
  const configFile = path.join(dataDir, "mcp.json");
  fs.writeFileSync(configFile, JSON.stringify({ mcpServers: {} }));
  models = await startScriptedModelServer({
    apiKey: KEY,
    models: {
      "weather-bot": callsTool("__get_weather", "city"),
      "yawn-bot": () => ({ text: "It is sunny." }),
      "whiteboard-bot": (request) =>
        request.messages.at(-1)?.role === "tool"
          ? { text: "Here is the board." }
          : { toolCalls: [{ name: "demo__notes_board", arguments: {} }] },
      "zap-bot": (request) =>
        request.messages.at(-1)?.role === "tool"
          ? { text: `Done: ${textOf(request.messages.at(-1))}` }
          : { toolCalls: [{ name: "demo__delete_note", arguments: { id: "n-e2e" } }] },
    },
  });
  team = await startScriptedModelServer({
    apiKey: TEAM_KEY,
    models: { "team-bot": (request) => ({ text: `Team heard: ${textOf(request.messages.at(-1))}` }) },
  });
  toolscope = await startOwnToolscope({
    port: PORT,
    dataDir,
    env: { TOOLSCOPE_DEMO_SERVER: "on", TOOLSCOPE_CONFIG: configFile, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: models.baseUrl },
  });
});

test.afterAll(async () => {
  await toolscope?.stop();
  await models?.close();
  await team?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("from the navigation, a question makes the model call a demo tool, shown inline, audited via the playground", async ({ page }) => {
  const received: string[] = [];
  page.on("response", (response) => {
    void response.text().then(
      (text) => received.push(text),
      () => undefined,
    );
  });
  await page.goto(`${toolscope!.baseUrl}/`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Chat" }).click();
  await expect(page.getByRole("heading", { name: "Chat", level: 1 })).toBeVisible();
  await expect(page.getByTestId("chat-model")).toHaveValue("openai/weather-bot");

  const message = page.getByRole("textbox", { name: "Message" });
  await message.fill("Porto");
  await message.press("Enter");

  const call = page.getByTestId("chat-tool-call");
  await expect(call).toHaveAttribute("data-tool-name", "demo__get_weather");
  await expect(call).toHaveAttribute("data-state", "output-available");
  await expect(call.getByTestId("chat-tool-arguments")).toContainText('"city": "Porto"');
  await expect(call.getByTestId("chat-tool-result")).toContainText("Porto");
  const answer = page.locator("[data-testid=chat-message][data-role=assistant]");
  await expect(answer).toContainText("The tool answered:");
  await expect(answer.getByTestId("chat-usage")).toContainText(/openai\/weather-bot · \d+ tokens in · \d+ out · 2 steps/);
  await expect(call.getByTestId("chat-tool-duration")).toHaveText(/^\d+ ms$|^\d+\.\d s$/);
  await expect(message).toBeFocused();
  // The answer's two steps (the tool call, then the words), each with its tokens.
  await answer.getByTestId("chat-usage").click();
  await expect(answer.getByTestId("chat-steps").getByRole("listitem")).toHaveCount(2);

  // The chat as a file: its model and every message, the tool call with its answer included.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("chat-export").click()]);
  expect(download.suggestedFilename()).toBe("toolscope-chat.json");
  const file = JSON.parse(fs.readFileSync(await download.path(), "utf8")) as {
    model: string;
    messages: { role: string; parts: { type: string; output?: unknown }[] }[];
  };
  expect(file.model).toBe("openai/weather-bot");
  expect(file.messages.map((entry) => entry.role)).toEqual(["user", "assistant"]);
  expect(file.messages[1]!.parts).toContainEqual(expect.objectContaining({ type: "tool-demo__get_weather", output: expect.any(Object) }));

  const audit = await page.request.get(`${toolscope!.baseUrl}/api/audit?via=${encodeURIComponent("playground:openai/weather-bot")}`);
  const { records } = (await audit.json()) as { records: { tool_name: string; outcome: string }[] };
  expect(records).toMatchObject([{ tool_name: "get_weather", outcome: "ok" }]);

  await expectAccessibleInBothThemes(page, "chat with a tool call");
  await page.setViewportSize({ width: 390, height: 800 });
  await expectAccessibleInBothThemes(page, "chat with a tool call at 390 px");
  await expect.poll(() => received.length).toBeGreaterThan(0);
  expect(received.filter((text) => text.includes(KEY))).toEqual([]);

  await page.getByTestId("chat-save-calls").click();
  await page.getByTestId("chat-save-name").fill("Weather chat");
  await page.getByTestId("chat-save-confirm").click();
  const saved = page.getByTestId("chat-saved").getByRole("link", { name: "Weather chat" });
  const collectionId = (await saved.getAttribute("href"))!.split("/").at(-1)!;
  const stored = await page.request.get(`${toolscope!.baseUrl}/api/collections/${collectionId}`);
  const { collection } = (await stored.json()) as { collection: { calls: { name: string; serverId: string }[] } };
  expect(collection.calls).toMatchObject([{ name: "1. get_weather", serverId: "demo" }]);

  await page.getByTestId("chat-new").click();
  await expect(page.getByTestId("chat-message")).toHaveCount(0);
  await expect(page.getByTestId("chat-export")).toHaveCount(0);
});

test("Shift+Enter starts a new line; Enter with nothing typed sends nothing", async ({ page }) => {
  await page.goto(`${toolscope!.baseUrl}/playground`);
  const message = page.getByRole("textbox", { name: "Message" });
  await message.press("Enter");
  await expect(page.getByTestId("chat-message")).toHaveCount(0);
  await message.fill("first line");
  await message.press("Shift+Enter");
  await message.pressSequentially("second line");
  await expect(message).toHaveValue("first line\nsecond line");
  await expect(page.getByTestId("chat-message")).toHaveCount(0);
});

test("an eval suite runs on two models, followed live, and their pass rates differ", async ({ page }) => {
  await page.goto(`${toolscope!.baseUrl}/`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Evals" }).click();
  await expect(page.getByRole("heading", { name: "Evals", level: 1 })).toBeVisible();
  await page.getByTestId("suite-new").click();
  const json = page.getByRole("textbox", { name: "Suite file (JSON)" });
  const starter = JSON.parse(await json.inputValue()) as { cases: { prompt: string }[] };
  // The scripted model asks the weather of whatever the person wrote.
  starter.cases[0]!.prompt = "Porto";
  await json.fill(JSON.stringify(starter));
  await page.getByTestId("suite-save").click();
  await expect(page.getByTestId("suite-name")).toHaveText("Weather");

  await page.getByRole("checkbox", { name: "openai/weather-bot" }).check();
  await page.getByRole("checkbox", { name: "openai/yawn-bot" }).check();
  await page.getByLabel("Runs of each case on each model").fill("2");
  await page.getByTestId("run-start").click();
  await expect(page.getByTestId("run-status")).toContainText("Finished: 4 of 4 attempts");
  await expect(page.getByTestId("rate-openai/weather-bot")).toContainText("100 %");
  await expect(page.getByTestId("rate-openai/yawn-bot")).toContainText("0 %");
  await page.getByTestId("attempt").filter({ hasText: "openai/yawn-bot · attempt 1" }).getByRole("button").first().click();
  await expect(page.getByTestId("attempt").filter({ hasText: "openai/yawn-bot · attempt 1" })).toContainText(
    "Not called: no tool was called",
  );
  await expectAccessibleInBothThemes(page, "an eval run");

  const audit = await page.request.get(`${toolscope!.baseUrl}/api/audit?via=${encodeURIComponent("eval:openai/weather-bot")}`);
  const { records } = (await audit.json()) as { records: { tool_name: string; outcome: string }[] };
  expect(records.map((r) => [r.tool_name, r.outcome])).toEqual([
    ["get_weather", "ok"],
    ["get_weather", "ok"],
  ]);

  await page.getByRole("link", { name: "← Weather" }).click();
  await expect(page.getByTestId("run-row")).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 800 });
  await expectAccessibleInBothThemes(page, "an eval suite with its history at 390 px");
});

test("a destructive call waits for the person inline: Don't run tells the model, Run it makes the call", async ({ page }) => {
  await page.goto(`${toolscope!.baseUrl}/playground`);
  await page.getByTestId("chat-model").selectOption("openai/zap-bot");
  const message = page.getByRole("textbox", { name: "Message" });
  const call = page.getByTestId("chat-tool-call");

  await message.fill("Delete my note");
  await message.press("Enter");
  await expect(call.getByTestId("chat-tool-confirm")).toContainText("Nothing is sent until you say so");
  await expectAccessibleInBothThemes(page, "a call waiting for the person");
  await call.getByRole("button", { name: "Don't run" }).click();
  await expect(call).toHaveAttribute("data-state", "output-denied");
  await expect(page.locator("[data-testid=chat-message][data-role=assistant]").last()).toContainText("Done:");

  await message.fill("Delete it after all");
  await message.press("Enter");
  const second = call.last();
  await second.getByRole("button", { name: "Run it" }).focus();
  await page.keyboard.press("Enter");
  await expect(second).toHaveAttribute("data-state", "output-available");
  await expect(second.getByTestId("chat-tool-result")).toBeVisible();

  const audit = await page.request.get(`${toolscope!.baseUrl}/api/audit?via=${encodeURIComponent("playground:openai/zap-bot")}`);
  const { records } = (await audit.json()) as { records: { tool_name: string }[] };
  expect(records.map((r) => r.tool_name)).toEqual(["delete_note"]);
});

test("the person edits a message and the chat runs again from there, by keyboard", async ({ page }) => {
  await page.goto(`${toolscope!.baseUrl}/playground`);
  await page.getByTestId("chat-model").selectOption("openai/weather-bot");
  const message = page.getByRole("textbox", { name: "Message" });
  await message.fill("Porto");
  await message.press("Enter");
  const answer = page.locator("[data-testid=chat-message][data-role=assistant]");
  await expect(answer).toContainText("Porto");

  await page.getByTestId("chat-edit").focus();
  await page.keyboard.press("Enter");
  const field = page.getByRole("textbox", { name: "Edit your message" });
  await expect(field).toBeFocused();
  await field.fill("Lisbon");
  await field.press("Enter");
  await expect(answer).toHaveCount(1);
  await expect(answer).toContainText("Lisbon");
  await expect(answer).not.toContainText("Porto");
  await expect(page.locator("[data-testid=chat-message][data-role=user]")).toHaveText(/^Lisbon/);
});

test("a provider added on the Models page answers in Chat; its key stays on the server", async ({ page }) => {
  const received: string[] = [];
  page.on("response", (response) => {
    void response.text().then(
      (text) => received.push(text),
      () => undefined,
    );
  });
  await page.goto(`${toolscope!.baseUrl}/playground`);
  await page.getByTestId("chat-providers").click();
  await expect(page.getByRole("heading", { name: "Models", level: 1 })).toBeVisible();
  const rows = page.getByTestId("provider-row");
  await expect(rows.filter({ hasText: "From the environment" })).toContainText("openai");

  await page.getByTestId("provider-add").click();
  const dialog = page.getByRole("dialog", { name: "Add a model provider" });
  await dialog.getByLabel("Name").fill("team");
  await expect(dialog.getByLabel("Speaks")).toHaveValue("openai-compatible");
  await dialog.getByLabel("Address").fill(team!.baseUrl);
  await dialog.getByLabel(/API key/).fill(TEAM_KEY);
  await dialog.getByRole("checkbox", { name: "Viewer" }).uncheck();
  await dialog.getByTestId("provider-save").click();
  await expect(dialog).toBeHidden();
  const row = rows.filter({ hasText: "team" });
  await expect(row).toContainText("Set");
  await expect(row).toContainText("Admins, Operators, Auditors");
  await expect(row).toContainText("1 model");

  await expectAccessibleInBothThemes(page, "the Models page");
  await page.setViewportSize({ width: 390, height: 800 });
  await expectAccessibleInBothThemes(page, "the Models page at 390 px");
  await page.setViewportSize({ width: 1440, height: 900 });

  // A new address without the key again is refused, and says why.
  await page.getByRole("button", { name: "Change team" }).click();
  const change = page.getByRole("dialog", { name: "Change team" });
  await change.getByLabel("Address").fill("http://127.0.0.1:9/v1");
  await change.getByTestId("provider-save").click();
  await expect(change.getByTestId("provider-error")).toContainText("Give the key again");
  await change.getByRole("button", { name: "Cancel" }).click();

  await page.goto(`${toolscope!.baseUrl}/playground`);
  await page.getByTestId("chat-model").selectOption("team/team-bot");
  const message = page.getByRole("textbox", { name: "Message" });
  await message.fill("hello");
  await message.press("Enter");
  await expect(page.locator("[data-testid=chat-message][data-role=assistant]")).toContainText("Team heard: hello");
  expect(team!.requests.at(-1)).toMatchObject({ path: "/v1/chat/completions", authorization: `Bearer ${TEAM_KEY}` });

  await page.goto(`${toolscope!.baseUrl}/models`);
  await page.getByRole("button", { name: "Remove team" }).click();
  await page.getByTestId("provider-remove-confirm").click();
  await expect(rows.filter({ hasText: "team" })).toHaveCount(0);
  await expect.poll(() => received.length).toBeGreaterThan(0);
  expect(received.filter((text) => text.includes(TEAM_KEY))).toEqual([]);
});

test("a tool's MCP App is drawn inline with the model's call, and its own calls are the person's", async ({ page }) => {
  await page.goto(`${toolscope!.baseUrl}/playground`);
  await page.getByTestId("chat-model").selectOption("openai/whiteboard-bot");
  const message = page.getByRole("textbox", { name: "Message" });
  await message.fill("Show me the board");
  await message.press("Enter");
  const call = page.getByTestId("chat-tool-call");
  await expect(call).toHaveAttribute("data-state", "output-available");
  await expect(page.locator("[data-testid=chat-message][data-role=assistant]")).toContainText("Here is the board.");
  await expect(call.getByTestId("app-view")).toBeVisible();
  const app = call.frameLocator("[data-testid=app-frame]").frameLocator("iframe");
  await expect(app.locator('.row[data-tag="demo"] .value')).toHaveText(/^\d+$/);
  await expectAccessibleInBothThemes(page, "chat with an MCP App");
  await page.setViewportSize({ width: 390, height: 800 });
  await expectAccessibleInBothThemes(page, "chat with an MCP App at 390 px");
  await page.setViewportSize({ width: 1440, height: 900 });

  const title = `From the chat's app ${Date.now()}`;
  await app.getByLabel("New note's title").fill(title);
  await app.getByLabel("Tag").fill("chat-app");
  await app.getByRole("button", { name: "Add note" }).click();
  await expect(app.getByRole("status")).toContainText("Created note");
  const audit = await page.request.get(`${toolscope!.baseUrl}/api/audit?tool=create_note`);
  const { records } = (await audit.json()) as { records: { via: string | null; outcome: string }[] };
  expect(records[0]).toMatchObject({ outcome: "ok", via: "app:notes_board" });
});
