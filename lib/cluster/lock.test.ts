// The lock across Toolscope processes (PostgreSQL advisory locks), on the server at
// 127.0.0.1:5432 in a schema of its own. Two holders here are two connections of the pool,
// as two replicas are two connections to the database.
import { describe, expect, it } from "vitest";
import { appOnPostgres } from "@/test/app-on-postgres";

appOnPostgres("toolscope_lock");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("withClusterLock", () => {
  it("lets one holder of a name work at a time, others by other names at once, and passes the answer on", async () => {
    const { withClusterLock } = await import("./lock");
    const events: string[] = [];
    const hold = (name: string, who: string, ms: number) =>
      withClusterLock(name, async () => {
        events.push(`${who} in`);
        await sleep(ms);
        events.push(`${who} out`);
        return who;
      });
    const first = hold("refresh:x", "first", 1_000);
    // Only once "first" holds the lock (taking it may take a while on a busy machine).
    await expect.poll(() => events.includes("first in"), { interval: 10 }).toBe(true);
    const answers = await Promise.all([first, hold("refresh:x", "second", 10), hold("refresh:y", "other", 10)]);
    expect(answers).toEqual(["first", "second", "other"]);
    // "other" ran while "first" held its lock; "second" only after "first" let go.
    expect(events.indexOf("other in")).toBeLessThan(events.indexOf("first out"));
    expect(events.indexOf("second in")).toBeGreaterThan(events.indexOf("first out"));
  });

  it("lets go when the work fails", async () => {
    const { withClusterLock } = await import("./lock");
    await expect(withClusterLock("refresh:z", () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(await withClusterLock("refresh:z", async () => "again")).toBe("again");
  });
});
