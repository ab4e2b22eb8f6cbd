import { afterEach, describe, expect, it, vi } from "vitest";
import { backoffMs, ReconnectPolicy } from "./reconnect-policy";

describe("ReconnectPolicy", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits 1, 2, 5, 10, then 30 seconds after failures in a row", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(backoffMs)).toEqual([1_000, 2_000, 5_000, 10_000, 30_000, 30_000, 30_000]);
  });

  it("lets the scheduled attempt through even when its timer fires before the clock says the wait is over", () => {
    // What a busy machine does: the timer counts from the event loop's cached time, which lags
    // Date.now() after a long tick. Modelled by setting the wall clock ahead once it is scheduled.
    vi.useFakeTimers();
    const seen: boolean[] = [];
    const policy: ReconnectPolicy = new ReconnectPolicy(() => seen.push(policy.waiting()));
    policy.failed();
    expect(policy.waiting()).toBe(true);
    vi.setSystemTime(Date.now() - 50);
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual([false]);
    expect(policy.nextAttempt()).toBeUndefined();
  });

  it("counts failures until a success, and a person's retry skips the wait but not the count", () => {
    vi.useFakeTimers();
    const policy = new ReconnectPolicy(() => undefined);
    policy.failed();
    policy.failed();
    const start = Date.now();
    policy.failed();
    expect(policy.nextAttempt()).toBe(start + 5_000);
    policy.skipWait();
    expect(policy.waiting()).toBe(false);
    policy.failed();
    expect(policy.nextAttempt()).toBe(start + 10_000);
    policy.succeeded();
    policy.failed();
    expect(policy.nextAttempt()).toBe(start + 1_000);
    policy.cancel();
  });
});
