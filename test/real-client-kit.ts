// What the tests of popular MCP clients on /mcp share (lib/gateway/real-clients-*.test.ts): a
// hosted Toolscope with the demo server (test/approvals-harness.ts), the client's error output
// caught and required empty after each test, and the audit record of an agent's call, awaited.
import { afterAll, afterEach, beforeAll, expect, vi } from "vitest";
import { listAudit } from "@/lib/audit/query";
import { readerOf } from "@/lib/audit/visibility";
import { BOOTSTRAP_ADMIN } from "@/test/callers";
import type { ApprovalView } from "@/lib/domain/approvals";
import { approvalsHarness, type ApprovalsHarness, type Queue } from "@/test/approvals-harness";

type AuditRecord = Awaited<ReturnType<typeof listAudit>>["records"][number];

export type RealClientKit = {
  harness: ApprovalsHarness;
  /** The audit record of an agent's call to a demo tool, once there is one that matches. */
  recordOf: (via: string, toolName: string, where?: (record: AuditRecord) => boolean) => Promise<AuditRecord>;
  /**
   * Takes out of the error output the lines matching this pattern, for what a client writes about
   * something the test itself did (its own abort), and returns them; the rest must stay empty.
   */
  takeErrorOutput: (pattern: RegExp) => string[];
  /** Approves the person's waiting call to this tool as they would on the Approvals page. */
  approveWaiting: (token: string, toolName: string) => Promise<{ client: string }>;
};

const ADMIN_READER = readerOf(BOOTSTRAP_ADMIN, new Set());

/**
 * Registers the file's hooks: the harness, and console.error/console.warn spied on, since an
 * in-process client reports its troubles there (a child process's stderr is the test's to read).
 */
export function realClientKit(): RealClientKit {
  const harness = approvalsHarness("sqlite", { opsTimeoutSeconds: 60 });
  // A record is awaited for up to 30 s (recordOf): a test gets the time to say which never came.
  vi.setConfig({ testTimeout: 60_000 });
  const noise: string[] = [];
  beforeAll(() => {
    for (const level of ["error", "warn"] as const)
      vi.spyOn(console, level).mockImplementation(
        (...args: unknown[]) =>
          void noise.push(
            args
              .map((arg) => (typeof arg === "object" && arg !== null && !(arg instanceof Error) ? JSON.stringify(arg) : String(arg)))
              .join(" "),
          ),
      );
  });
  afterEach(() => {
    const written = noise.splice(0);
    expect(written, "the client's error output").toEqual([]);
  });
  afterAll(() => vi.restoreAllMocks());

  const recordOf: RealClientKit["recordOf"] = async (via, toolName, where = () => true) => {
    let found: AuditRecord | undefined;
    let seen: AuditRecord[] = [];
    // As long as a busy machine needs: it ends as soon as the record is there. If none comes, the
    // failure names the records there were (a call that ended otherwise than expected).
    await expect
      .poll(
        async () => {
          seen = (await listAudit({ via, limit: 50 }, ADMIN_READER)).records.filter((r) => r.tool_name === toolName);
          found = seen.find(where);
          return found;
        },
        { timeout: 30_000, message: `a record of ${toolName} via ${via}` },
      )
      .toBeDefined()
      .catch((error: Error) => {
        const records = seen.map((r) => `${r.outcome} ${JSON.stringify(r.arguments)} ${r.error_message ?? ""}`.trim());
        throw new Error(`${error.message}\nRecords of ${toolName} via ${via}: ${JSON.stringify(records)}`);
      });
    return found!;
  };

  const approveWaiting: RealClientKit["approveWaiting"] = async (token, toolName) => {
    let approval: ApprovalView | undefined;
    // A client in a process of its own takes its time to start: as long as that takes.
    await expect
      .poll(
        async () => {
          approval = (await harness.api<Queue>(token, "GET", "/api/approvals")).body.waiting.find((a) => a.toolName === toolName);
          return approval;
        },
        { timeout: 30_000 },
      )
      .toBeDefined();
    expect((await harness.api(token, "POST", `/api/approvals/${approval!.id}`, { decision: "approve" })).status).toBe(200);
    return approval!;
  };

  const takeErrorOutput: RealClientKit["takeErrorOutput"] = (pattern) => {
    const taken = noise.filter((line) => pattern.test(line));
    noise.splice(0, noise.length, ...noise.filter((line) => !pattern.test(line)));
    return taken;
  };

  return { harness, recordOf, takeErrorOutput, approveWaiting };
}
