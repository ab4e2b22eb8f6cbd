// The MCP Inspector's CLI (@modelcontextprotocol/inspector 2, `mcp-inspector --cli`) on /mcp, as a
// developer or a CI job runs it: one process per method, a personal token as a header, the result
// as JSON on stdout and nothing on stderr. It needs Node >= 22.19, so it runs on the Node 22 the
// conformance suite installs (test/conformance/cli.ts), with a HOME of its own: it keeps a catalog
// and client settings under ~/.mcp-inspector.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";
import { ensureNode22, NODE_22, REPO_ROOT } from "@/test/conformance/cli";
import { realClientKit } from "@/test/real-client-kit";

const { harness, recordOf, approveWaiting } = realClientKit();
const LAUNCHER = path.join(REPO_ROOT, "node_modules", "@modelcontextprotocol", "inspector", "clients", "launcher", "build", "index.js");
// The CLI names itself so in clientInfo, whichever era it speaks.
const CLIENT = "inspector-cli 2.12.0";
const VIA = `agent:${CLIENT}`;
/**
 * What tools/list writes to stderr about the demo tools (on "demo" and its copy "ops"): an advisory,
 * no error, that schedule_meeting's nullable `type: ["string", "null"]` is legal but less portable.
 * Toolscope passes definitions on as the target lists them; the demo server writes it on purpose.
 */
const PORTABILITY_ADVISORY = "Schema portability: 0 errors, 2 warnings across 2 tools. Re-run with --strict for details.\n";

type Run = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

let home = "";
const running = new Set<ChildProcess>();
beforeAll(() => {
  ensureNode22();
  home = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-inspector-home-"));
}, 120_000);
// A CLI a failed test left running is ended by its own id.
afterEach(() => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
});
afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

/** Starts the CLI on /mcp as Olga's agent; `done` settles when it exits. */
function inspector(era: "legacy" | "modern", args: string[]): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(
    NODE_22,
    [
      LAUNCHER,
      "--cli",
      `${harness.door().base}/mcp`,
      "--header",
      `Authorization: Bearer ${harness.tokens.olga}`,
      "--protocol-era",
      era,
      "--format",
      "json",
      ...args,
    ],
    // The environment a stdio server would get (the SDK's whitelist), with a HOME of its own: no
    // token or setting of the test's own process reaches it.
    { env: { ...getDefaultEnvironment(), HOME: home, NO_COLOR: "1", NODE_ENV: "production" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  running.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const done = new Promise<Run>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      running.delete(child);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, done };
}

const callArgs = (tool: string, args: Record<string, unknown>): string[] => [
  "--method",
  "tools/call",
  "--tool-name",
  tool,
  "--tool-args-json",
  JSON.stringify(args),
];

type CallResult = { result: { isError?: boolean; content: Array<{ type: string; text?: string }> } };

// legacy: a 2025-11-25 session (the CLI's default for a URL); modern: 2026-07-28, per request.
describe.each([
  ["2025-11-25", "legacy"],
  ["2026-07-28", "modern"],
] as const)("the MCP Inspector's CLI on %s", (_revision, era) => {
  it("lists the person's tools and calls one, audited via the agent", async () => {
    const listed = await inspector(era, ["--method", "tools/list"]).done;
    expect(listed.stderr).toBe(PORTABILITY_ADVISORY);
    expect(listed.code).toBe(0);
    const names = (JSON.parse(listed.stdout) as { result: { tools: Array<{ name: string }> } }).result.tools.map((tool) => tool.name);
    expect(names).toContain("demo__get_weather");
    expect(names).toContain("demo__plan_project");

    const called = await inspector(era, callArgs("demo__get_weather", { city: `Oslo-${era}` })).done;
    expect(called.stderr).toBe("");
    expect(called.code).toBe(0);
    const { result } = JSON.parse(called.stdout) as CallResult;
    expect(result.isError).toBeFalsy();
    expect(result.content[0]?.text).toContain(`Oslo-${era}`);
    await recordOf(VIA, "get_weather", (r) => JSON.stringify(r.arguments).includes(`Oslo-${era}`));
  });

  // Killing the CLI mid-call is a hang-up: it sends no notifications/cancelled. On 2026-07-28 a
  // request that ends is cancelled; on a 2025 session the spec says a hang-up is no cancel, so the
  // call runs on to its end.
  it(era === "modern" ? "killed mid-call: the call is cancelled" : "killed mid-call: a hang-up, so the call ends ok", async () => {
    // Told apart by their steps (the tool takes 1 to 100): 20 s on 2026-07-28, 3 s on a 2025 session.
    const steps = era === "modern" ? 100 : 21;
    const args = era === "modern" ? { steps, stepMs: 200 } : { steps, stepMs: 150 };
    const ours = (r: { arguments: unknown }): boolean => JSON.stringify(r.arguments).includes(`"steps":${steps}`);
    const { child, done } = inspector(era, callArgs("demo__slow_task", args));
    await recordOf(VIA, "slow_task", ours);
    child.kill("SIGTERM");
    const run = await done;
    expect(run.signal).toBe("SIGTERM");
    expect(run.stderr).toBe("");
    await recordOf(VIA, "slow_task", (r) => ours(r) && r.outcome === (era === "modern" ? "cancelled" : "ok"));
  });

  it("waits through a destructive call until its person approves it, then prints the result", async () => {
    const { done } = inspector(era, callArgs("demo__delete_note", { id: `n-inspector-${era}` }));
    const approval = await approveWaiting(harness.tokens.olga, "delete_note");
    expect(approval.client).toBe(CLIENT);
    const run = await done;
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const { result } = JSON.parse(run.stdout) as CallResult;
    expect(result.isError).toBeFalsy();
    expect(result.content[0]?.text).toContain(`n-inspector-${era}`);
  });
});
