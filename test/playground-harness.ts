// For a test file of the playground: a local Toolscope in this process (its data directory, the
// demo server connected) and a scripted OpenAI-compatible model server that OPENAI_API_KEY and
// OPENAI_BASE_URL point at, set up before the file's tests and taken down after, with the
// environment put back.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { allConnections, connectionFor } from "@/lib/mcp/pool";
import { forgetProductSettings } from "./product-settings";
import { startScriptedModelServer, type ModelScript, type ScriptedModelServer } from "./scripted-model-server";

/** Registers the hooks; `server()` is the model server once they have run. */
export function playgroundHarness(apiKey: string, models: Record<string, ModelScript>): { server: () => ScriptedModelServer } {
  const savedEnv = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-playground-"));
  let started: ScriptedModelServer | undefined;
  beforeAll(async () => {
    forgetProductSettings();
    started = await startScriptedModelServer({ apiKey, models });
    Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: started.baseUrl });
    await (await connectionFor("demo")).ready();
  }, 60_000);
  afterAll(async () => {
    await Promise.all((await allConnections()).map((connection) => connection.close()));
    await started?.close();
    process.env = savedEnv;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    server: () => {
      if (!started) throw new Error("The model server starts in beforeAll");
      return started;
    },
  };
}
