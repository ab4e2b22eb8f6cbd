import { LoggingLevelSchema } from "@modelcontextprotocol/core";
import { describe, expect, it } from "vitest";
import { LOG_LEVELS, logSeverity } from "./log-levels";

describe("log levels", () => {
  it("are the SDK's, in its order", () => {
    expect([...LOG_LEVELS]).toEqual(LoggingLevelSchema.options);
  });

  it("rank from debug up, and an unknown level as debug", () => {
    expect(logSeverity("debug")).toBe(0);
    expect(logSeverity("warning")).toBeGreaterThan(logSeverity("info"));
    expect(logSeverity("emergency")).toBe(7);
    expect(logSeverity("loud")).toBe(0);
  });
});
