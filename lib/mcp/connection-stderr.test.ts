// A real stdio server's stderr as a connection keeps it: the last 200 lines, its secrets (an env
// value, a key on its command line) masked before they are kept; and a server that exits at once:
// what failed and since when, the wait before its next attempt, and a retry that skips it.
import { afterEach, describe, expect, it } from "vitest";
import { stdioCommand } from "@/test/fixtures/spawn";
import { ServerConnection } from "./connection";
import { ServerConfigSchema } from "../domain/server-config";
import { STDERR_LINES } from "./stderr-log";

const ENV_SECRET = "env-secret-5c1d9e";
const ARG_SECRET = "arg-secret-77b0aa";

function loud(mode: "stdio" | "exit", lines: number): ServerConnection {
  const command = stdioCommand("loud.ts", mode);
  const config = ServerConfigSchema.parse({
    id: `loud-${mode}`,
    name: "Loud",
    transport: "stdio",
    ...command,
    args: [...command.args, "--api-key", ARG_SECRET],
    env: { LOUD_SECRET: ENV_SECRET, LOUD_LINES: String(lines) },
  });
  return new ServerConnection(config, "database", 10_000);
}

const open: ServerConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

describe("a stdio server's stderr", () => {
  it("keeps the last 200 lines, with the server's secrets masked", async () => {
    const connection = loud("stdio", 250);
    open.push(connection);
    await connection.ready();
    await expect.poll(() => connection.stderrLines().at(-1)?.text).toBe("loud: line 250 of 250");
    const lines = connection.stderrLines();
    expect(lines).toHaveLength(STDERR_LINES);
    expect(lines[0]!.text).toBe("loud: line 51 of 250");
    expect(Date.parse(lines[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(connection.snapshot()).toMatchObject({ status: "ready", failedAt: null, retryAt: null, lastConnectedAt: expect.any(String) });
  });

  it("masks the secrets a server prints before it is kept, and a failure says when it began and what was said", async () => {
    const connection = loud("exit", 2);
    open.push(connection);
    await expect(connection.ready()).rejects.toThrow(/exited before it answered; it said: .*bad configuration/);
    const texts = connection.stderrLines().map((line) => line.text);
    expect(texts).toEqual([
      "loud: starting with secret [redacted]",
      "loud: api key [redacted]",
      "loud: line 1 of 2",
      "loud: line 2 of 2",
      "loud: fatal: cannot start (bad configuration)",
    ]);
    const failed = connection.snapshot();
    expect(failed.error).toBe(
      "/usr/bin/node exited before it answered; it said: loud: line 1 of 2 | loud: line 2 of 2 | loud: fatal: cannot start (bad configuration).".replace(
        "/usr/bin/node",
        process.execPath,
      ),
    );
    expect(failed).toMatchObject({ status: "failed", lastConnectedAt: null, failedAt: expect.any(String), retryAt: expect.any(String) });
    expect(Date.parse(failed.retryAt!)).toBeGreaterThan(Date.now());

    // A retry starts it again at once (no wait), and the failure still dates from the first.
    await connection.retryNow().catch(() => undefined);
    const again = connection.snapshot();
    expect(again).toMatchObject({ status: "failed", failedAt: failed.failedAt });
    expect(connection.stderrLines().filter((line) => line.text.includes("fatal"))).toHaveLength(2);
  }, 60_000);
});
