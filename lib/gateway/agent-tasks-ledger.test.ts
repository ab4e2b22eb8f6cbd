// A 2025 session's tasks for tasks/list (agent-tasks-ledger.ts): newest first, in pages whose
// cursor tasks started meanwhile do not shift, as last heard of, the oldest forgotten past the cap.
import { describe, expect, it } from "vitest";
import { ProtocolError } from "@modelcontextprotocol/server";
import { SessionTasks } from "./agent-tasks-ledger";

const task = (taskId: string, status = "working") => ({ taskId, status, createdAt: "2026-11-01T00:00:00Z", ttl: null });
const ids = (page: { tasks: { taskId: string }[] }) => page.tasks.map((entry) => entry.taskId);

describe("a session's tasks", () => {
  it("pages them newest first, with a cursor that tasks started meanwhile do not shift", () => {
    const ledger = new SessionTasks({ pageSize: 2, kept: 10 });
    expect(ledger.page(undefined)).toEqual({ tasks: [] });
    for (const id of ["a", "b", "c", "d", "e"]) ledger.add(task(id));
    const first = ledger.page(undefined);
    expect(ids(first)).toEqual(["e", "d"]);
    ledger.add(task("f"));
    const second = ledger.page(first.nextCursor);
    expect(ids(second)).toEqual(["c", "b"]);
    const last = ledger.page(second.nextCursor);
    expect(last).toEqual({ tasks: [task("a")] });
    expect(ids(ledger.page(undefined))).toEqual(["f", "e"]);
  });

  it("shows each as last heard of, and adds none it did not start", () => {
    const ledger = new SessionTasks();
    ledger.add(task("a"));
    ledger.heard(task("a", "completed"));
    ledger.heard(task("someone else's", "completed"));
    expect(ledger.page(undefined)).toEqual({ tasks: [task("a", "completed")] });
  });

  it("forgets the oldest past its cap, and refuses a cursor it did not give", () => {
    const ledger = new SessionTasks({ pageSize: 10, kept: 3 });
    for (const id of ["a", "b", "c", "d"]) ledger.add(task(id));
    expect(ids(ledger.page(undefined))).toEqual(["d", "c", "b"]);
    for (const cursor of ["x", "-1", "1.5", "0"]) {
      const refused = (() => {
        try {
          return ledger.page(cursor);
        } catch (error) {
          return error;
        }
      })();
      expect(refused).toBeInstanceOf(ProtocolError);
      expect((refused as ProtocolError).code).toBe(-32602);
    }
  });
});
