// Model providers given in the UI, on one database (lib/models/provider-store.*.test.ts): a shared
// one an admin adds is used by the roles it names, its key sealed at rest and in no listing; a
// person's own is theirs alone; a new address asks for the key again; once Toolscope is hosted,
// a provider's address goes through the outbound guard.
import { generateText } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitePerson } from "@/lib/auth/people";
import { localCaller } from "@/lib/auth/identify";
import { database } from "@/lib/db";
import type { Caller, Role } from "@/lib/domain/roles";
import { addProvider, changeProvider, providersFor as storedFor, removeProvider } from "@/lib/models/provider-store";
import { availableModels, languageModel, pricedAs, providersFor, withoutKeys } from "@/lib/models/providers";
import { appOnPostgres } from "./app-on-postgres";
import { startScriptedModelServer, textOf, type ScriptedModelServer } from "./scripted-model-server";
import { onSqliteDataDir } from "@/test/sqlite-data-dir";

const KEY = "sk-team-7f3e99d1";
const OWN_KEY = "sk-olga-own-5c21";

function personCaller(id: string, email: string, role: Role): Caller {
  return {
    actor: email,
    clientIp: "127.0.0.1",
    userId: id,
    name: email,
    email,
    role,
    groups: [],
    authMethod: "password",
    tokenName: null,
    scopes: null,
    sessionId: `session of ${email}`,
  };
}

export function describeProviderStore(kind: "sqlite" | "postgres"): void {
  if (kind === "postgres") appOnPostgres("toolscope_providers");
  else onSqliteDataDir("toolscope-providers");
  let models: ScriptedModelServer;
  beforeAll(async () => {
    models = await startScriptedModelServer({
      apiKey: KEY,
      models: { "team-bot": (request) => ({ text: `Team heard: ${textOf(request.messages.at(-1))}` }) },
    });
  });
  afterAll(() => models.close());
  const local = localCaller("127.0.0.1").caller;

  describe(`model providers given in the UI, on ${kind}`, () => {
    it("a shared provider's key is sealed at rest, in no listing, and its models are usable", async () => {
      const added = await addProvider(local, {
        scope: "shared",
        name: "team",
        kind: "openai-compatible",
        baseUrl: models.baseUrl,
        apiKey: KEY,
      });
      expect(added).toMatchObject({ id: "team", source: "shared", compatible: true, hasKey: true, roles: null });
      expect(JSON.stringify(await providersFor(local))).not.toContain(KEY);
      const stored = await (await database()).selectFrom("model_providers").select("sealed_key").executeTakeFirstOrThrow();
      expect(stored.sealed_key).toMatch(/^enc:v1:/);
      expect(stored.sealed_key).not.toContain(KEY);

      const available = await availableModels(local);
      expect(available.models).toContain("team/team-bot");
      expect(JSON.stringify(available)).not.toContain(KEY);
      const { text } = await generateText({ model: await languageModel("team/team-bot", local), prompt: "hello" });
      expect(text).toBe("Team heard: hello");
      expect(models.requests.at(-1)).toMatchObject({ path: "/v1/chat/completions", authorization: `Bearer ${KEY}` });
      // A failure that quotes the key is told without it.
      expect(withoutKeys(new Error(`rejected ${KEY}`))).toBe("rejected [key]");
    });

    it("a provider that speaks a vendor's own API is priced as the vendor's model", async () => {
      await addProvider(local, { scope: "shared", name: "team-claude", kind: "anthropic", apiKey: "sk-ant-team-1" });
      expect(await pricedAs("team-claude/claude-sonnet-4-5", local)).toBe("anthropic/claude-sonnet-4-5");
      expect(await pricedAs("team/team-bot", local)).toBe("team/team-bot");
      expect(await pricedAs("openai/gpt-4.1", local)).toBe("openai/gpt-4.1");
      await removeProvider(local, "team-claude");
    });

    it("refuses what it cannot use, with the reason", async () => {
      const base = { scope: "shared", kind: "openai-compatible", baseUrl: models.baseUrl } as const;
      await expect(addProvider(local, { ...base, name: "team" })).rejects.toMatchObject({ code: "conflict:model_provider" });
      await expect(addProvider(local, { ...base, name: "openai" })).rejects.toThrow(/kept for the provider the environment configures/);
      await expect(addProvider(local, { ...base, name: "my-team" })).rejects.toThrow(/for people's own providers/);
      await expect(addProvider(local, { ...base, name: "bare", baseUrl: undefined })).rejects.toThrow(/needs its address/);
      await expect(addProvider(local, { scope: "shared", name: "claude", kind: "anthropic" })).rejects.toThrow(
        "Anthropic needs an API key.",
      );
      await expect(addProvider(local, { ...base, scope: "personal", name: "my-own" })).rejects.toThrow(/for a person with an account/);
    });

    it("a new address needs the key again; a provider can be removed", async () => {
      await expect(changeProvider(local, "team", { baseUrl: "http://127.0.0.1:9/v1" })).rejects.toThrow(/Give the key again/);
      const moved = await changeProvider(local, "team", { baseUrl: "http://127.0.0.1:9/v1", apiKey: "sk-other-key-1" });
      expect(moved).toMatchObject({ baseUrl: "http://127.0.0.1:9/v1", hasKey: true });
      const back = await changeProvider(local, "team", { baseUrl: models.baseUrl, apiKey: KEY, label: "Team models" });
      expect(back).toMatchObject({ label: "Team models", baseUrl: models.baseUrl });
      await addProvider(local, { scope: "shared", name: "spare", kind: "openai-compatible", baseUrl: models.baseUrl });
      await removeProvider(local, "spare");
      expect((await storedFor(local)).map((provider) => provider.id)).toEqual(["team"]);
      await expect(removeProvider(local, "spare")).rejects.toMatchObject({ code: "not_found:model_provider" });
    });

    describe("once people have accounts", () => {
      let olga: Caller;
      let omar: Caller;
      let vera: Caller;
      beforeAll(async () => {
        const person = async (email: string, role: Role) =>
          personCaller((await invitePerson({ email, role, password: "none" }, local)).person.id, email, role);
        olga = await person("olga@example.com", "operator");
        omar = await person("omar@example.com", "operator");
        vera = await person("vera@example.com", "viewer");
      });

      it("a shared provider reaches the roles it names; an operator cannot add one", async () => {
        await changeProvider(local, "team", { roles: ["operator"] });
        expect((await storedFor(olga)).map((provider) => provider.id)).toEqual(["team"]);
        expect(await storedFor(vera)).toEqual([]);
        await expect(languageModel("team/team-bot", vera)).rejects.toThrow(/No model provider named "team" is configured for you/);
        await expect(
          addProvider(olga, { scope: "shared", name: "olgas", kind: "openai-compatible", baseUrl: models.baseUrl }),
        ).rejects.toMatchObject({
          code: "forbidden:role",
        });
        await expect(changeProvider(olga, "team", { roles: null })).rejects.toMatchObject({ code: "forbidden:role" });
      });

      it("a person's own provider is theirs alone", async () => {
        const own = await addProvider(olga, {
          scope: "personal",
          name: "my-bot",
          kind: "openai-compatible",
          baseUrl: models.baseUrl,
          apiKey: OWN_KEY,
        });
        expect(own).toMatchObject({ id: "my-bot", source: "personal", hasKey: true });
        expect((await storedFor(olga)).map((provider) => provider.id)).toEqual(["team", "my-bot"]);
        expect((await storedFor(omar)).map((provider) => provider.id)).toEqual(["team"]);
        await expect(languageModel("my-bot/team-bot", omar)).rejects.toMatchObject({ code: "not_found:model" });
        await expect(removeProvider(omar, "my-bot")).rejects.toMatchObject({ code: "not_found:model_provider" });
        // Omar may have one of the same name: it is his.
        await addProvider(omar, { scope: "personal", name: "my-bot", kind: "openai-compatible", baseUrl: models.baseUrl });
        expect((await storedFor(omar)).find((provider) => provider.id === "my-bot")).toMatchObject({ hasKey: false });
        expect((await storedFor(local)).map((provider) => provider.id)).toEqual(["team"]);
      });

      it("hosted, an address a person gave goes through the outbound guard", async () => {
        const available = await availableModels(olga);
        expect(available.models).toEqual([]);
        expect(available.problems.map((problem) => problem.provider)).toEqual(["team", "my-bot"]);
        expect(available.problems[0]!.message).toMatch(/could not be reached at http:\/\/127\.0\.0\.1:\d+\/v1: .*loopback/i);
        expect(JSON.stringify(available)).not.toContain(OWN_KEY);
      });
    });
  });
}
