// Saved calls and collections (issue 17), on SQLite and on PostgreSQL: a call saved from the
// form (its password never stored), found in its collection, run there with pass/fail and a
// diff against the previous run; read-only links opened in a fresh context; presentation mode;
// the run API from a script (its exit code), and export then import.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { expect, test } from "./test";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { e2ePort } from "./ports";

const POSTGRES_URL = process.env.TOOLSCOPE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PASSWORD = `correct horse ${randomUUID().slice(0, 8)}`;
const run = promisify(execFile);

type Database = { kind: "sqlite" | "postgres"; port: number };
const DATABASES: Database[] = [
  { kind: "sqlite", port: e2ePort("TOOLSCOPE_E2E_SAVED_PORT_A", 3198) },
  { kind: "postgres", port: e2ePort("TOOLSCOPE_E2E_SAVED_PORT_B", 3199) },
];

for (const database of DATABASES) {
  test.describe(`saved calls on ${database.kind}`, () => {
    test.describe.configure({ mode: "serial" });
    let toolscope: OwnToolscope;
    let dataDir = "";
    const schema = `saved_e2e_${randomUUID().slice(0, 8)}`;
    /** Every row of the saved-call tables, as text: what a password must never be found in. */
    let storedText: () => Promise<string>;

    test.beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `toolscope-saved-${database.kind}-`));
      fs.writeFileSync(path.join(dataDir, "mcp.json"), JSON.stringify({ mcpServers: {} }));
      const env: Record<string, string> = { TOOLSCOPE_DEMO_SERVER: "on", TOOLSCOPE_CONFIG: path.join(dataDir, "mcp.json") };
      const tables = ["saved_calls", "collections", "collection_calls", "saved_call_runs"];
      if (database.kind === "postgres") {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`create schema ${schema}`);
        await client.end();
        const url = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
        env.DATABASE_URL = url;
        storedText = async () => {
          const reader = new pg.Client({ connectionString: url });
          await reader.connect();
          try {
            const rows = await Promise.all(tables.map(async (t) => (await reader.query(`select * from ${t}`)).rows));
            return JSON.stringify(rows);
          } finally {
            await reader.end();
          }
        };
      } else {
        storedText = async () => {
          const db = new BetterSqlite3(path.join(dataDir, "toolscope.db"), { readonly: true });
          try {
            return JSON.stringify(tables.map((t) => db.prepare(`select * from ${t}`).all()));
          } finally {
            db.close();
          }
        };
      }
      toolscope = await startOwnToolscope({ port: database.port, dataDir, env });
    });

    test.afterAll(async () => {
      await toolscope?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (database.kind === "postgres") {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
    });

    const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${toolscope.baseUrl}${route}`, {
        method,
        headers: toolscope.headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await response.json()) as T;
      expect(response.ok, `${method} ${route}: ${JSON.stringify(json)}`).toBe(true);
      return json;
    };

    let collectionId = "";
    let signInId = "";

    test("save from the form, run the collection: pass/fail and a diff with the previous run", async ({ page }) => {
      test.setTimeout(90_000);
      const base = toolscope.baseUrl;
      const collectionName = `Smoke ${randomUUID().slice(0, 6)}`;
      // Saved from the tool's form, password and all: the password is left out.
      await page.goto(`${base}/servers/demo/tools/sign_in`);
      const panel = page.getByTestId("tool-panel");
      await panel.getByLabel(/^username\*?$/).fill("ada");
      await panel.getByLabel(/^password\*?$/).fill(PASSWORD);
      await panel.getByTestId("save-call-button").click();
      const dialog = page.getByTestId("save-call-dialog");
      await dialog.getByTestId("save-call-name").fill("Sign in as Ada");
      await dialog.getByTestId("save-call-collection").selectOption("__new__");
      await dialog.getByTestId("save-call-new-collection").fill(collectionName);
      await dialog.getByTestId("save-call-submit").click();
      await expect(dialog.getByTestId("save-call-secrets")).toContainText("/password");
      await dialog.getByTestId("save-call-open-collection").click();
      await expect(page.getByTestId("collection-name")).toHaveText(collectionName);
      collectionId = page.url().split("/").pop()!;
      signInId = (await api<{ collection: { calls: { id: string }[] } }>("GET", `/api/collections/${collectionId}`)).collection.calls[0]!
        .id;

      // The password is nowhere in the saved-call tables.
      expect(await storedText()).not.toContain(PASSWORD);
      expect(await storedText()).toContain("Sign in as Ada");

      // Two more calls through the API: a note is created, then the notes are listed (which changes run to run).
      const title = `Plan ${randomUUID().slice(0, 6)}`;
      for (const call of [
        { name: "Create a note", toolName: "create_note", arguments: { title, body: "Draft" }, checks: [{ kind: "no_error" }] },
        {
          name: "List notes",
          toolName: "list_notes",
          arguments: {},
          checks: [{ kind: "no_error" }, { kind: "contains", path: "$.content[0].text", value: title }],
        },
      ])
        await api("POST", "/api/saved-calls", { ...call, serverId: "demo", collectionIds: [collectionId] });

      // Found on the saved page, in its collection.
      await page.goto(`${base}/saved`);
      await page.getByTestId("collection-link").filter({ hasText: collectionName }).click();
      const calls = page.getByTestId("collection-call");
      await expect(calls).toHaveCount(3);
      await expect(calls.first()).toHaveAttribute("data-name", "Sign in as Ada");

      // Run all: without the password, the first call is not sent, and fails.
      await page.getByTestId("collection-run-all").click();
      await expect(page.getByTestId("collection-summary")).toHaveText("2 passed · 1 failed");
      await expect(calls.first().getByTestId("call-status")).toHaveAttribute("data-state", "failed");
      await expect(calls.first().getByTestId("run-error")).toContainText("/password");

      // With it typed in (for this page only), everything passes, and List notes differs from the run before.
      await page.getByTestId("secret-value").fill(PASSWORD);
      await page.getByTestId("collection-run-all").click();
      await expect(page.getByTestId("collection-summary")).toHaveText("3 passed · 0 failed");
      const list = page.locator('[data-testid=collection-call][data-name="List notes"]');
      await expect(list.getByTestId("call-status")).toHaveAttribute("data-state", "passed");
      await expect(list.getByTestId("run-diff")).toContainText(/Result since the previous run: \d+ difference/);
      await expect(list.getByTestId("run-diff").getByTestId("diff-change").first()).toBeVisible();
      await expect(list.getByTestId("run-latest").getByTestId("result-panel")).toBeVisible();
      await expect(list.getByTestId("run-previous").getByTestId("result-panel")).toBeVisible();
      // Still never stored, though it was sent twice.
      expect(await storedText()).not.toContain(PASSWORD);

      // A failing expectation fails the call.
      await api("POST", "/api/saved-calls", {
        name: "Weather in Porto",
        serverId: "demo",
        toolName: "get_weather",
        arguments: { city: "Lisbon" },
        checks: [{ kind: "equals", path: "$.structuredContent.city", value: "Porto" }],
        collectionIds: [collectionId],
      });
      await page.reload();
      await page.getByTestId("secret-value").fill(PASSWORD);
      await page.locator('[data-testid=collection-call][data-name="Weather in Porto"]').getByTestId("collection-call-run").click();
      // get_weather is read-only on a trusted server: it runs without a question, as in the form.
      const weather = page.locator('[data-testid=collection-call][data-name="Weather in Porto"]');
      await expect(weather.getByTestId("call-status")).toHaveAttribute("data-state", "failed");
      await expect(weather.getByTestId("run-check")).toContainText('Found "Lisbon"');
    });

    test("read-only links open in a fresh context; presentation steps through the collection", async ({ browser, page }) => {
      test.setTimeout(60_000);
      const base = toolscope.baseUrl;
      const { savedCall } = await api<{ savedCall: { runs: { auditId: string | null }[] } }>("GET", `/api/saved-calls/${signInId}`);
      const auditId = savedCall.runs.find((r) => r.auditId)!.auditId!;
      const fresh = await browser.newContext();
      try {
        const other = await fresh.newPage();
        await other.goto(`${base}/saved/calls/${signInId}`);
        await expect(other.getByTestId("read-only-title")).toHaveText("Sign in as Ada");
        await expect(other.getByTestId("read-only-inputs")).toContainText('"password": "[redacted]"');
        await expect(other.getByTestId("result-panel")).toBeVisible();
        await other.goto(`${base}/audit/${auditId}`);
        await expect(other.getByTestId("read-only-title")).toHaveText("sign_in");
        await expect(other.getByTestId("read-only-outcome")).toHaveText("Success");
        await expect(other.getByTestId("result-panel")).toBeVisible();
        await expect(other.locator("body")).not.toContainText(PASSWORD);
      } finally {
        await fresh.close();
      }

      await page.goto(`${base}/saved/collections/${collectionId}/present`);
      const presentation = page.getByTestId("presentation");
      await expect(presentation.getByTestId("presentation-position")).toHaveText("1 / 4");
      await expect(presentation.getByTestId("presentation-title")).toHaveText("Sign in as Ada");
      // The secret field starts empty: the placeholder is never sent.
      await expect(presentation.getByLabel(/^password\*?$/)).toHaveValue("");
      // Enter goes through the form: the empty, required password stops the run before anything is sent.
      await expect(presentation.getByTestId("run-button")).toBeEnabled();
      await page.keyboard.press("Enter");
      await expect(presentation.locator(".rjsf-theme .error-detail").first()).toContainText("password is required");
      await expect(presentation.getByTestId("result-panel")).toHaveCount(0);
      await presentation.getByLabel(/^password\*?$/).fill(PASSWORD);
      await presentation.getByLabel(/^password\*?$/).blur();
      await page.keyboard.press("Enter");
      await expect(presentation.getByTestId("result-panel")).toHaveAttribute("data-status", "ok");
      await page.keyboard.press("ArrowRight");
      await expect(presentation.getByTestId("presentation-position")).toHaveText("2 / 4");
      await expect(presentation.getByTestId("presentation-title")).toHaveText("Create a note");
      await page.keyboard.press("ArrowRight");
      await expect(presentation.getByTestId("presentation-title")).toHaveText("List notes");
      // The form's validator is ready (it compiles on the server once per schema).
      await expect(presentation.getByTestId("run-button")).toBeEnabled();
      await page.keyboard.press("Enter");
      await expect(presentation.getByTestId("result-panel")).toHaveAttribute("data-status", "ok");
      await expect(presentation.getByTestId("presentation-checks")).toHaveText("✓ Checks passed");
      await page.keyboard.press("ArrowLeft");
      await expect(presentation.getByTestId("presentation-position")).toHaveText("2 / 4");
      await page.keyboard.press("Escape");
      await expect(page).toHaveURL(new RegExp(`/saved/collections/${collectionId}$`));
    });

    test("the run API from a script exits non-zero on a failed check; export then import round-trips", async () => {
      test.setTimeout(60_000);
      const script = path.resolve(import.meta.dirname, "..", "scripts", "run-collection.mjs");
      const secretsFile = path.join(dataDir, "secrets.json");
      fs.writeFileSync(secretsFile, JSON.stringify({ [signInId]: { "/password": PASSWORD } }));
      const failing = await run(process.execPath, [script, collectionId, "--url", toolscope.baseUrl, "--secrets", secretsFile]).then(
        () => ({ code: 0, stdout: "" }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
      expect(failing.code).toBe(1);
      expect(failing.stdout).toMatch(/FAIL {2}Weather in Porto/);
      expect(failing.stdout).toMatch(/3 passed, 1 failed, 4 calls/);

      const report = await api<{ totals: { failed: number; passed: number }; ok: boolean }>(
        "POST",
        `/api/collections/${collectionId}/run`,
        {
          secrets: { [signInId]: { "/password": PASSWORD } },
        },
      );
      expect(report).toMatchObject({ totals: { calls: 4, passed: 3, failed: 1 }, ok: false });

      // Export, import, export again: the same collection, without the password.
      const exported = await api<{ format: string; version: number; calls: unknown[] }>("GET", `/api/collections/${collectionId}/export`);
      expect(exported).toMatchObject({ format: "toolscope-collection", version: 2 });
      expect(JSON.stringify(exported)).not.toContain(PASSWORD);
      const { collection } = await api<{ collection: { id: string } }>("POST", "/api/collections/import", exported);
      const again = await api<Record<string, unknown>>("GET", `/api/collections/${collection.id}/export`);
      expect({ ...again, exportedAt: null }).toEqual({ ...exported, exportedAt: null });

      // Without the failing call, the imported collection passes, and the script exits 0.
      const imported = await api<{ collection: { calls: { id: string; name: string }[] } }>("GET", `/api/collections/${collection.id}`);
      const keep = imported.collection.calls.filter((c) => c.name !== "Weather in Porto");
      await api("PUT", `/api/collections/${collection.id}`, { savedCallIds: keep.map((c) => c.id) });
      const importedSignIn = keep.find((c) => c.name === "Sign in as Ada")!.id;
      fs.writeFileSync(secretsFile, JSON.stringify({ [importedSignIn]: { "/password": PASSWORD } }));
      const passing = await run(process.execPath, [script, collection.id, "--url", toolscope.baseUrl, "--secrets", secretsFile]);
      expect(passing.stdout).toMatch(/3 passed, 0 failed, 3 calls/);
      expect(await storedText()).not.toContain(PASSWORD);
    });
  });
}
