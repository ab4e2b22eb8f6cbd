// The lock across Toolscope processes (PostgreSQL advisory locks), on the server at
// 127.0.0.1:5432 in a schema of its own. Two holders here are two connections of the pool,
// as two replicas are two connections to the database.
import { describe, expect, it } from "vitest";
import { appOnPostgres } from "@/test/app-on-postgres";

appOnPostgres("toolscope_lock");

const WAIT = { timeout: 20_000, interval: 10 };

describe("withClusterLock", () => {
  it("lets one holder of a name work at a time, others by other names at once, and passes the answer on", async () => {
    const { withClusterLock } = await import("./lock");
    const events: string[] = [];
    // "first" holds its lock until the test lets it go, not for a time: on a busy machine any
    // time may pass between two steps.
    let letGo: () => void = () => {};
    const released = new Promise<void>((resolve) => (letGo = resolve));
    const hold = (name: string, who: string, until: Promise<void> = Promise.resolve()) =>
      withClusterLock(name, async () => {
        events.push(`${who} in`);
        await until;
        events.push(`${who} out`);
        return who;
      });
    const first = hold("refresh:x", "first", released);
    await expect.poll(() => events.includes("first in"), WAIT).toBe(true);
    const second = hold("refresh:x", "second");
    const other = hold("refresh:y", "other");
    // Another name is not held up by "first"; the same name is, for as long as "first" works.
    expect(await other).toBe("other");
    expect(events).not.toContain("second in");
    letGo();
    expect(await Promise.all([first, second])).toEqual(["first", "second"]);
    expect(events.indexOf("second in")).toBeGreaterThan(events.indexOf("first out"));
  });

  it("lets go when the work fails", async () => {
    const { withClusterLock } = await import("./lock");
    await expect(withClusterLock("refresh:z", () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(await withClusterLock("refresh:z", async () => "again")).toBe("again");
  });
});
