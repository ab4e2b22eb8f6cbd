// The stderr ring: the last lines only, each capped, secrets masked before they are stored, even
// where a chunk boundary or the cap falls inside one.
import { describe, expect, it } from "vitest";
import { ServerConfigSchema } from "../domain/server-config";
import { StderrLog, stderrLogFor, stderrMask } from "./stderr-log";

const SECRET = "sk-live-4f9a2c77e1";

function log(maxLines = 5, maxChars = 40): StderrLog {
  return new StderrLog(stderrMask([SECRET]), SECRET.length + 2, maxLines, maxChars);
}

const texts = (l: StderrLog): string[] => l.lines().map((line) => line.text);

describe("StderrLog", () => {
  it("keeps the last lines, oldest first, with the line being written last", () => {
    const l = log(3);
    l.append("one\ntwo\nthree\nfour\nfi");
    l.append("ve");
    expect(texts(l)).toEqual(["three", "four", "five"]);
    l.append("\nsix\n");
    expect(texts(l)).toEqual(["four", "five", "six"]);
  });

  it("masks a secret split across chunks, and connection-string passwords", () => {
    const l = log();
    l.append(`token=${SECRET.slice(0, 7)}`);
    l.append(`${SECRET.slice(7)} ok\n`);
    l.append("db postgres://app:hunter22@db/x\n");
    expect(texts(l)).toEqual(["token=[redacted] ok", "db postgres://app:[redacted]@db/x"]);
    expect(JSON.stringify(l.lines())).not.toContain(SECRET.slice(0, 7));
  });

  it("caps a line, and never keeps the start of a secret the cap cut through", () => {
    const l = log(5, 40);
    l.append(`${"x".repeat(5)}${SECRET}${"y".repeat(5000)}`);
    l.append("z".repeat(5000));
    l.append("\nnext\n");
    const [long, next] = texts(l);
    expect(long).toMatch(/^x{5}\[redacted\]y+…$/);
    expect(long!.length).toBeLessThanOrEqual(41);
    expect(next).toBe("next");
    // The secret starts just before what is held ends: no beginning of it may survive.
    for (const shift of [1, 4, 10, SECRET.length - 1]) {
      const cut = log(5, 40);
      cut.append(`${"x".repeat(40 + SECRET.length + 2 - shift)}${SECRET}\n`);
      expect(texts(cut)[0]).not.toContain(SECRET.slice(0, Math.min(shift, 4)));
      expect(texts(cut)[0]).toMatch(/^x+…$/);
    }
  });

  it("drops colour codes and control characters", () => {
    const l = log();
    l.append("\x1b[31merror\x1b[0m: bad\r\n");
    expect(texts(l)).toEqual(["error: bad"]);
  });

  it("tells what the current process wrote, apart from the one before", () => {
    const l = log();
    l.append("old 1\nold 2\nunfinished");
    l.started();
    expect(l.currentText()).toBe("");
    l.append("new 1\nnew 2");
    expect(l.currentText()).toBe("new 1\nnew 2");
    expect(texts(l)).toEqual(["old 1", "old 2", "unfinished", "new 1", "new 2"]);
  });

  it("masks every secret of a stdio config: env values, and values its arguments name as secrets", () => {
    const config = ServerConfigSchema.parse({
      id: "x",
      name: "x",
      transport: "stdio",
      command: "mcp-remote",
      args: ["--api-key", "argkey-123456", "--token=tok-abcdef", "--header", "Authorization: Bearer hdr-987654", "--port", "8080"],
      env: { SERVICE_KEY: "envvalue-777" },
    });
    const l = stderrLogFor(config);
    l.append("argkey-123456 tok-abcdef hdr-987654 envvalue-777 port 8080\n");
    expect(texts(l)).toEqual(["[redacted] [redacted] [redacted] [redacted] port 8080"]);
  });
});
