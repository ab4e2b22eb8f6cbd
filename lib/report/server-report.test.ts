// Who may make a report card, and how often (issue 43, finding 5): a card costs two listings and
// seconds of CPU on a large server, so a viewer's requests share one card, made once, and only an
// admin may have it made anew, at most once in FRESH_EVERY_MS. After a listing the card someone
// looked at is made again by itself. Server: test/fixtures' list-changes (its `revise` changes `target`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Caller } from "@/lib/domain/roles";
import { errorBody } from "@/lib/errors";
import { connectionFor } from "@/lib/mcp/pool";
import { runCall } from "@/lib/calls/run-call";
import { BOOTSTRAP_ADMIN } from "@/test/callers";
import { stdioCommand } from "@/test/fixtures/spawn";
import { FRESH_EVERY_MS, serverReport, watchReportCards } from "./server-report";
import { forgetProductSettings } from "@/test/product-settings";

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-report-"));
const VIEWER: Caller = {
  ...BOOTSTRAP_ADMIN,
  actor: "Vic <vic@example.com>",
  userId: "user-vic",
  name: "Vic",
  role: "viewer",
  authMethod: "password",
};

beforeAll(async () => {
  forgetProductSettings();
  fs.writeFileSync(path.join(dataDir, "mcp.json"), JSON.stringify({ mcpServers: { changes: stdioCommand("list-changes.ts") } }));
  Object.assign(process.env, {
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_CONFIG: path.join(dataDir, "mcp.json"),
    TOOLSCOPE_DEMO_SERVER: "off",
  });
  watchReportCards();
  await (await connectionFor("changes")).ready();
}, 60_000);

afterAll(async () => {
  const { allConnections } = await import("@/lib/mcp/pool");
  await Promise.all((await allConnections()).map((connection) => connection.close()));
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("report cards: made once, anew only by an admin", () => {
  it("refuses a viewer's request to make one anew", async () => {
    const refused = await serverReport("changes", VIEWER, { fresh: true }).catch((error: unknown) => errorBody(error));
    expect(refused).toMatchObject({
      status: 403,
      body: { error: { code: "forbidden:role", message: expect.stringContaining("Only an admin") } },
    });
  });

  it("makes one card for eight requests at once, and answers the next from it", async () => {
    const cards = await Promise.all(Array.from({ length: 8 }, () => serverReport("changes", VIEWER)));
    for (const card of cards) expect(card).toBe(cards[0]);
    expect(await serverReport("changes", VIEWER)).toBe(cards[0]);
  });

  it("lets an admin make it anew, at most once in FRESH_EVERY_MS", async () => {
    const made = await serverReport("changes", BOOTSTRAP_ADMIN);
    // Made a moment ago: Refresh answers with it, however often it is pressed.
    const pressed = await Promise.all([1, 2, 3].map(() => serverReport("changes", BOOTSTRAP_ADMIN, { fresh: true })));
    for (const card of pressed) expect(card).toBe(made);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + FRESH_EVERY_MS + 1_000);
      const fresh = await serverReport("changes", BOOTSTRAP_ADMIN, { fresh: true });
      expect(fresh).not.toBe(made);
      expect(await serverReport("changes", BOOTSTRAP_ADMIN, { fresh: true })).toBe(fresh);
    } finally {
      vi.useRealTimers();
    }
  });

  it("makes the card anew once the server's tools change", async () => {
    const connection = await connectionFor("changes");
    const before = await serverReport("changes", VIEWER);
    const listedBefore = connection.snapshot().toolsUpdatedAt;
    await runCall({ serverId: "changes", toolName: "revise", arguments: {}, caller: BOOTSTRAP_ADMIN });
    await expect.poll(() => connection.snapshot().toolsUpdatedAt, { timeout: 10_000 }).not.toBe(listedBefore);
    await expect
      .poll(async () => {
        const card = await serverReport("changes", VIEWER);
        return card !== before && Date.parse(card.generatedAt) >= Date.parse(connection.snapshot().toolsUpdatedAt!);
      })
      .toBe(true);
  });
});
