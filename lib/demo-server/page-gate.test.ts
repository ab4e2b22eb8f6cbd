import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { GATE_LONGEST_MS, gateOn } from "./page-gate";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-gate-test-"));
afterEach(() => vi.useRealTimers());
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the demo's page gate", () => {
  it("is not there without a file", () => {
    expect(gateOn(undefined)).toBeUndefined();
    expect(gateOn("")).toBeUndefined();
  });

  it("holds a page until the file exists", async () => {
    vi.useFakeTimers();
    const file = path.join(dir, "open-later");
    let passed = false;
    const waiting = gateOn(file)!().then(() => (passed = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passed).toBe(false);
    fs.writeFileSync(file, "");
    await vi.advanceTimersByTimeAsync(50);
    await waiting;
    expect(passed).toBe(true);
  });

  it("lets a page go after the longest wait, the file or not", async () => {
    vi.useFakeTimers();
    let passed = false;
    const waiting = gateOn(path.join(dir, "never"))!().then(() => (passed = true));
    await vi.advanceTimersByTimeAsync(GATE_LONGEST_MS - 100);
    expect(passed).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await waiting;
    expect(passed).toBe(true);
  });

  it("passes at once when the file is there", async () => {
    const file = path.join(dir, "open");
    fs.writeFileSync(file, "");
    await gateOn(file)!();
  });
});
