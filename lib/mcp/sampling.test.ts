// Sampling answered with a model's draft, against real servers: a server whose tool asks the
// client's model during the call (test/fixtures/sampling-server.ts, in memory), a connection of
// Toolscope's own, and the scripted OpenAI-compatible model server that OPENAI_BASE_URL points at.
// The person is the interactor a browser's call registers: it reads the request (and the draft)
// and answers through answerUserInput, as the inputs route does.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "@/lib/audit/query";
import { readerOf } from "@/lib/audit/visibility";
import { PERSON_MODEL } from "@/lib/domain/sampling";
import { ServerConfigSchema } from "@/lib/domain/server-config";
import type { Caller } from "@/lib/domain/roles";
import { BOOTSTRAP_ADMIN } from "@/test/callers";
import { createSamplingServer } from "@/test/fixtures/sampling-server";
import { PNG } from "@/test/fixtures/sampling-request";
import { inMemoryLegacyServer, inMemoryServer, type InMemoryServer } from "@/test/in-memory-server";
import { forgetProductSettings } from "@/test/product-settings";
import { startScriptedModelServer, textOf, type ChatMessage, type ScriptedModelServer } from "@/test/scripted-model-server";
import { toolResult } from "@/test/tool-result";
import { ServerConnection } from "./connection";
import { answerUserInput, withInteractor, type UserAnswer, type UserInputRequest } from "./user-input";

const API_KEY = "sk-sampling-test-key-0123456789";
const ADA: Caller = {
  ...BOOTSTRAP_ADMIN,
  actor: "Ada <ada@example.com>",
  userId: "user-ada",
  name: "Ada",
  email: "ada@example.com",
  role: "operator",
  authMethod: "password",
  sessionId: "session-ada",
};

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-sampling-"));
let model: ScriptedModelServer;
let server: InMemoryServer | undefined;
let connection: ServerConnection | undefined;

beforeAll(async () => {
  forgetProductSettings();
  model = await startScriptedModelServer({
    apiKey: API_KEY,
    models: {
      drafter: (request) => ({ text: `A red dot, I think (${request.messages.length} messages).` }),
      broken: () => ({ status: 400, error: `The model is unwell today (key ${API_KEY}).` }),
    },
  });
  Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: model.baseUrl });
});

afterEach(async () => {
  await connection?.close();
  await server?.close();
  connection = undefined;
  model.requests.length = 0;
});

afterAll(async () => {
  await model?.close();
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function connect(samplingModel?: string, era: "2025" | "2026" = "2026"): Promise<ServerConnection> {
  server = era === "2025" ? inMemoryLegacyServer(createSamplingServer) : inMemoryServer(createSamplingServer);
  const config = ServerConfigSchema.parse({
    id: "sampler",
    name: "Sampler",
    transport: "stdio",
    command: "in-memory",
    ...(samplingModel ? { samplingModel } : {}),
  });
  connection = new ServerConnection(config, "database", 30_000, undefined, server.transports);
  await connection.ready();
  expect(connection.protocolVersion()).toBe(era === "2025" ? "2025-11-25" : "2026-07-28");
  return connection;
}

type Told = { text: string; model: string; stopReason: string };

/** Calls ask_model as Ada's browser would, answering the request with `decide(request)`; what the tool told, and what Ada was shown. */
async function askAsAda(
  c: ServerConnection,
  decide: (request: UserInputRequest) => UserAnswer,
): Promise<{ told: Told | string; shown: UserInputRequest[] }> {
  const shown: UserInputRequest[] = [];
  const interactor = (request: UserInputRequest): void => {
    shown.push(request);
    // Answered after the request is registered, as a browser's POST comes later.
    setImmediate(() => answerUserInput(request.serverId, request.id, decide(request), "user-ada"));
  };
  const result = await withInteractor(
    "sampler",
    interactor,
    () => toolResult(c, "ask_model", { question: "What is in it?" }),
    "user-ada",
    "user-ada",
    ADA,
  );
  const text = result.content[0]?.type === "text" ? result.content[0].text : "";
  return { told: result.isError ? text : (JSON.parse(text) as Told), shown };
}

const draftOf = (request: UserInputRequest | undefined): string => (request?.draft && "text" in request.draft ? request.draft.text : "");

async function samplingRecords(): Promise<Record<string, unknown>[]> {
  const { records } = await listAudit({ kind: "sampling", limit: 50 }, readerOf(BOOTSTRAP_ADMIN));
  return records.map((record) => ({ actor: record.actor, serverId: record.server_id, ...(record.arguments as Record<string, unknown>) }));
}

describe("sampling with the setting off", () => {
  it("asks the person with no draft, and no model is asked", async () => {
    const c = await connect();
    const { told, shown } = await askAsAda(c, () => ({ action: "accept", text: "Typed by Ada." }));
    expect(shown[0]).toMatchObject({ kind: "sampling" });
    expect(shown[0]?.draft).toBeUndefined();
    expect(told).toEqual({ text: "Typed by Ada.", model: PERSON_MODEL, stopReason: "endTurn" });
    expect(model.requests).toEqual([]);
  });
});

describe("sampling with a model's draft", () => {
  it("drafts from the converted request, shows it with the model named, and sends it as drafted", async () => {
    const c = await connect("openai/drafter");
    const before = (await samplingRecords()).length;
    const { told, shown } = await askAsAda(c, (request) => ({ action: "accept", text: draftOf(request) }));

    const sent = model.requests.find((request) => request.path === "/v1/chat/completions")?.body;
    expect(sent).toMatchObject({ model: "drafter", temperature: 0.3, max_tokens: 64, stop: ["END"] });
    const messages = sent?.messages ?? [];
    expect(messages.map((m: ChatMessage) => [m.role, textOf(m)])).toEqual([
      ["system", "You describe pictures in one sentence."],
      ["user", "Is anyone there?"],
      ["assistant", "Yes, ask away."],
      ["user", "What is in it?"],
    ]);
    expect(JSON.stringify(messages.at(-1)?.content)).toContain(`data:image/png;base64,${PNG}`);

    expect(shown[0]?.draft).toMatchObject({ model: "openai/drafter", text: "A red dot, I think (4 messages)." });
    expect(told).toEqual({ text: "A red dot, I think (4 messages).", model: "openai/drafter", stopReason: "endTurn" });
    const records = await samplingRecords();
    expect(records.length).toBe(before + 1);
    expect(records[0]).toMatchObject({
      serverId: "sampler",
      actor: "Ada <ada@example.com>",
      model: "openai/drafter",
      action: "sent",
      draft: "made",
      edited: false,
      replyModel: "openai/drafter",
      usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
    });
  });

  it("sends the person's edit, named as edited", async () => {
    const c = await connect("openai/drafter");
    const { told } = await askAsAda(c, (request) => ({ action: "accept", text: `${draftOf(request)} Ada adds: it is tiny.` }));
    expect(told).toMatchObject({
      text: "A red dot, I think (4 messages). Ada adds: it is tiny.",
      model: "openai/drafter (edited by a person in Toolscope)",
    });
    expect((await samplingRecords())[0]).toMatchObject({ action: "sent", edited: true });
  });

  it("a decline reaches the server as the protocol's error (2025: the server hears it)", async () => {
    const c = await connect("openai/drafter", "2025");
    const { told, shown } = await askAsAda(c, () => ({ action: "decline" }));
    expect(draftOf(shown[0])).not.toBe("");
    expect(told).toMatch(/^Sampling refused: .*declined the sampling request/);
    expect((await samplingRecords())[0]).toMatchObject({ action: "declined", edited: null, replyModel: null });
  });

  it("a model's failure is shown to the person, keys masked, who can still answer by hand", async () => {
    const c = await connect("openai/broken");
    const { told, shown } = await askAsAda(c, () => ({ action: "accept", text: "Ada writes it herself." }));
    const draft = shown[0]?.draft;
    expect(draft && "error" in draft ? draft.error : "").toContain("The model is unwell today (key [key])");
    expect(JSON.stringify(shown)).not.toContain(API_KEY);
    expect(told).toEqual({ text: "Ada writes it herself.", model: PERSON_MODEL, stopReason: "endTurn" });
    const record = (await samplingRecords())[0];
    expect(record).toMatchObject({
      model: "openai/broken",
      action: "sent",
      draft: "failed",
      usage: null,
      edited: null,
      replyModel: PERSON_MODEL,
    });
    expect(JSON.stringify(record)).not.toContain(API_KEY);
  });

  it("asks no model when there is no person to see the draft (a script's call)", async () => {
    const c = await connect("openai/drafter", "2025");
    const result = await toolResult(c, "ask_model", { question: "Anyone?" });
    expect(result.isError).toBe(true);
    expect(model.requests).toEqual([]);
  });
});
