import { describe, expect, it } from "vitest";
import type { AuditEntry } from "@/lib/audit/entry";
import { groupCompletions, typedValues } from "./audit-groups";

let n = 0;
function record(kind: string, at: string, extra: Partial<AuditEntry> = {}, argument = "style", value = ""): AuditEntry {
  return {
    id: `r${++n}`,
    kind,
    server_id: "demo",
    tool_name: "summarize",
    actor: "local",
    started_at: at,
    arguments: kind === "completion" ? { ref: { type: "ref/prompt", name: "summarize" }, argument, arguments: { [argument]: value } } : {},
    ...extra,
  } as AuditEntry;
}

describe("groupCompletions", () => {
  it("folds one field's lookups into its newest, and keeps everything else apart", () => {
    const rows = groupCompletions([
      record("completion", "2026-11-29T10:00:04Z", {}, "style", "shor"),
      record("completion", "2026-11-29T10:00:03Z", {}, "style", "sho"),
      record("completion", "2026-11-29T10:00:02Z", {}, "style", "sh"),
      record("completion", "2026-11-29T10:00:01Z", {}, "tone", "f"),
      record("call", "2026-11-29T10:00:00Z"),
      record("completion", "2026-11-29T09:59:59Z", {}, "style", "s"),
    ]);
    expect(rows.map((r) => [r.record.kind, r.folded.length])).toEqual([
      ["completion", 2],
      ["completion", 0],
      ["call", 0],
      ["completion", 0],
    ]);
    expect(typedValues(rows[0]!)).toEqual(["sh", "sho", "shor"]);
  });

  it("does not fold another person's lookups, another server's, or lookups minutes apart", () => {
    const rows = groupCompletions([
      record("completion", "2026-11-29T10:10:00Z"),
      record("completion", "2026-11-29T10:09:59Z", { actor: "ada" }),
      record("completion", "2026-11-29T10:09:58Z", { actor: "ada", server_id: "other" }),
      record("completion", "2026-11-29T10:00:00Z", { actor: "ada", server_id: "other" }),
    ]);
    expect(rows.map((r) => r.folded.length)).toEqual([0, 0, 0, 0]);
  });
});
