import { describe, expect, it } from "vitest";
import { AUDIT_OUTCOMES, isAuditOutcome, outcomeInfo, shownOutcome } from "./outcomes";

describe("shownOutcome", () => {
  it("does not call a success whose result fails the tool's outputSchema a success", () => {
    expect(shownOutcome("ok", "invalid")).toBe("output_mismatch");
    expect(outcomeInfo(shownOutcome("ok", "invalid")).label).toBe("Result does not match outputSchema");
    expect(outcomeInfo(shownOutcome("ok", "invalid")).kind).not.toBe("success");
  });

  it("leaves every other outcome and verdict as stored", () => {
    for (const verdict of ["valid", "none", "schema_error", null, undefined]) expect(shownOutcome("ok", verdict)).toBe("ok");
    // A tool error is never checked; a malformed result keeps its own name.
    expect(shownOutcome("tool_error", "invalid")).toBe("tool_error");
    expect(shownOutcome("malformed_result", "invalid")).toBe("malformed_result");
  });

  it("is shown, never stored: not an outcome the audit log or its filters know", () => {
    expect(isAuditOutcome("output_mismatch")).toBe(false);
    expect(AUDIT_OUTCOMES).not.toContain("output_mismatch");
  });
});
