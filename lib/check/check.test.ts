// `toolscope check` as CI runs it: the command line (scripts/toolscope.mjs) against real servers
// (the bundled demo server over stdio and over HTTP, the fixture built to fail the report card,
// a port nobody listens on), its exit codes, its JSON and its JUnit XML, and a collection file
// run through the call pipeline first.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/demo-server/http";
import { REPO_ROOT, stdioCommand } from "@/test/fixtures/spawn";
import { DEMO_CLI } from "@/test/demo-client";
import { programArgs } from "@/test/programs";
import { CHECK_LIMIT_MS, checkCli } from "@/test/check-cli";
import { parseCheckOptions, UsageError } from "./check-options";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-check-test-"));
const DEMO = [process.execPath, ...programArgs(DEMO_CLI), "stdio"];
const servers: DemoHttpServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  fs.rmSync(work, { recursive: true, force: true });
});

const check = (args: string[]) => checkCli(args, work);

describe("toolscope check", () => {
  it(
    "passes the demo server at --fail-on error and says what it found",
    async () => {
      const run = await check(["--", ...DEMO]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Grade [AB] · \d+\/100 · 26 tools/m);
      expect(run.stdout).toContain("Parameters are described (quality/parameter-description-missing, warning)");
      expect(run.stdout.trimEnd().split("\n").at(-1)).toBe("PASSED");
    },
    CHECK_LIMIT_MS,
  );

  it(
    "fails it at --fail-on warning, and answers JSON with --json",
    async () => {
      const run = await check(["--fail-on", "warning", "--json", "--", ...DEMO]);
      expect(run.code).toBe(1);
      const answer = JSON.parse(run.stdout) as { passed: boolean; failures: string[]; report: { grade: string; findings: unknown[] } };
      expect(answer.passed).toBe(false);
      expect(answer.failures[0]).toMatch(/findings? at --fail-on warning or worse/);
      expect(answer.report.findings.length).toBeGreaterThan(0);
    },
    CHECK_LIMIT_MS,
  );

  it(
    "fails a broken server and writes JUnit XML a CI system can read",
    async () => {
      const junit = path.join(work, "report.xml");
      const { command, args } = stdioCommand("report-card.ts");
      const run = await check(["--junit", junit, "--", command, ...args]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain("Grade F");
      const xml = fs.readFileSync(junit, "utf8");
      expect(XMLValidator.validate(xml)).toBe(true);
      const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml) as {
        testsuites: {
          "@_failures": string;
          testsuite: { "@_name": string; testcase: { "@_name": string; failure?: unknown }[] | { "@_name": string } }[];
        };
      };
      expect(Number(parsed.testsuites["@_failures"])).toBeGreaterThan(0);
      const safety = parsed.testsuites.testsuite.find((s) => s["@_name"] === "Safety")!;
      const cases = Array.isArray(safety.testcase) ? safety.testcase : [safety.testcase];
      const poisoned = cases.find((c) => c["@_name"].startsWith("safety/instruction-to-model")) as { failure?: unknown } | undefined;
      expect(poisoned?.failure).toBeDefined();
      // "weather report" and a 138-character name: the client compatibility group, in both outputs.
      expect(run.stdout).toMatch(/^Client compatibility: \d+ findings$/m);
      expect(run.stdout).toContain("weather report · name: OpenAI function calling refuses");
      const clients = parsed.testsuites.testsuite.find((s) => s["@_name"] === "Client compatibility")!;
      const clientCases = Array.isArray(clients.testcase) ? clients.testcase : [clients.testcase];
      const refused = clientCases.find((c) => c["@_name"].startsWith("clients/openai-tool-name")) as { failure?: unknown } | undefined;
      expect(refused?.failure).toBeDefined();
    },
    CHECK_LIMIT_MS,
  );

  it(
    "runs a collection file's calls and checks first, through the call pipeline",
    async () => {
      const collection = path.join(REPO_ROOT, "test", "fixtures", "collections", "demo-smoke.json");
      const passing = await check(["--collection", collection, "--", ...DEMO]);
      expect(passing.code).toBe(0);
      expect(passing.stdout).toContain("Collection “Demo smoke test”: 2 of 2 calls passed");
      // The calls are in the audit log the report card reads.
      expect(passing.stdout).not.toContain("Results match their outputSchema");

      const failing = path.join(work, "failing.json");
      const file = JSON.parse(fs.readFileSync(collection, "utf8")) as { calls: { checks: unknown[] }[] };
      file.calls[0]!.checks.push({ kind: "equals", path: "$.content[0].text", value: "goodbye" });
      fs.writeFileSync(failing, JSON.stringify(file));
      const run = await check(["--collection", failing, "--json", "--", ...DEMO]);
      expect(run.code).toBe(1);
      const answer = JSON.parse(run.stdout) as { failures: string[]; collection: { totals: { passed: number; failed: number } } };
      expect(answer.collection.totals).toMatchObject({ passed: 1, failed: 1 });
      expect(answer.failures).toContainEqual(expect.stringContaining("Collection call “echo says hello” failed"));
    },
    CHECK_LIMIT_MS,
  );

  it(
    "checks a server over HTTP, and one named in an mcp.json",
    async () => {
      const demo = await startDemoHttpServer({ port: 0 });
      servers.push(demo);
      const overHttp = await check([demo.url]);
      expect(overHttp.code).toBe(0);
      expect(overHttp.stdout).toMatch(/Grade [AB]/);

      const config = path.join(work, "mcp.json");
      fs.writeFileSync(config, JSON.stringify({ mcpServers: { demo: { command: DEMO[0], args: DEMO.slice(1), cwd: REPO_ROOT } } }));
      const fromConfig = await check(["--config", config, "--server", "demo", "--json"]);
      expect(fromConfig.code).toBe(0);
      expect((JSON.parse(fromConfig.stdout) as { report: { serverId: string } }).report.serverId).toBe("demo");
    },
    CHECK_LIMIT_MS,
  );

  it(
    "exits 3 when the server cannot be reached and 2 on a usage mistake",
    async () => {
      const unreachable = await check(["http://127.0.0.1:9/mcp"]);
      expect(unreachable.code).toBe(3);
      expect(unreachable.stdout).toContain("Nothing is listening at 127.0.0.1:9");
      const usage = await check(["--fail-on", "sometimes", "http://127.0.0.1:9/mcp"]);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('--fail-on is error, warning or never, not "sometimes"');
    },
    CHECK_LIMIT_MS,
  );
});

describe("its command line", () => {
  it("takes a URL, a command after --, or an mcp.json entry, and refuses anything else with a reason", () => {
    expect(parseCheckOptions(["https://mcp.example.com/mcp", "--header", "Authorization: Bearer t"])).toMatchObject({
      target: { kind: "url", url: "https://mcp.example.com/mcp", transport: "auto" },
      headers: { Authorization: "Bearer t" },
      failOn: "error",
    });
    expect(parseCheckOptions(["--env", "A=1", "--", "npx", "-y", "@acme/mcp", "--port", "1"])).toMatchObject({
      target: { kind: "command", command: "npx", args: ["-y", "@acme/mcp", "--port", "1"] },
      env: { A: "1" },
    });
    expect(parseCheckOptions(["--config", "mcp.json", "--server", "github"])?.target).toEqual({
      kind: "config",
      file: "mcp.json",
      server: "github",
    });
    expect(parseCheckOptions(["https://x.example/mcp", "--client-id", "ci"], { TOOLSCOPE_CHECK_CLIENT_SECRET: "s" })?.oauth).toEqual({
      clientId: "ci",
      clientSecret: "s",
    });
    expect(parseCheckOptions(["--help"])).toBeNull();
    for (const bad of [
      [],
      ["a", "b"],
      ["ftp://x"],
      ["--config", "m.json"],
      ["https://x.example", "--client-id", "ci"],
      ["https://x.example", "--header", "nocolon"],
      ["--unknown"],
    ])
      expect(() => parseCheckOptions(bad, {})).toThrow(UsageError);
  });
});
