// Toolscope's command line (`toolscope check …`), bundled by scripts/toolscope.mjs into
// .toolscope/cli.mjs. The server under test is written into a throwaway Toolscope's mcp.json in
// a temporary directory, with a SQLite audit log beside it, before any of lib/ is loaded: the
// user's own Toolscope settings and database are never read or written.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseCheckOptions, UsageError, USAGE, type CheckOptions } from "@/lib/check/check-options";

const EXIT = { passed: 0, failed: 1, usage: 2, unreachable: 3 } as const;

function fail(message: string, code: number): never {
  process.stderr.write(`toolscope: ${message}\n`);
  process.exit(code);
}

/** The server's mcp.json entry: as Toolscope's config file takes it. */
function entryOf(options: CheckOptions): { id: string; entry: Record<string, unknown> } {
  const { target } = options;
  if (target.kind === "url")
    return {
      id: "checked",
      entry: {
        name: new URL(target.url).host,
        type: target.transport,
        url: target.url,
        headers: options.headers,
        ...(options.oauth
          ? {
              oauth: {
                grant: "client_credentials",
                sharing: "shared",
                clientId: options.oauth.clientId,
                clientSecret: options.oauth.clientSecret,
                ...(options.oauth.scope ? { scope: options.oauth.scope } : {}),
              },
            }
          : {}),
      },
    };
  if (target.kind === "command")
    return {
      id: "checked",
      entry: { name: path.basename(target.command), command: target.command, args: target.args, env: options.env, cwd: process.cwd() },
    };
  let file: { mcpServers?: Record<string, unknown>; servers?: Record<string, unknown> };
  try {
    file = JSON.parse(fs.readFileSync(target.file, "utf8")) as typeof file;
  } catch (error) {
    throw new UsageError(`Could not read ${target.file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const servers = file.mcpServers ?? file.servers ?? {};
  const entry = servers[target.server];
  if (!entry || typeof entry !== "object")
    throw new UsageError(`${target.file} has no server "${target.server}" (it has: ${Object.keys(servers).join(", ") || "none"}).`);
  const withDefaults: Record<string, unknown> = { cwd: path.dirname(path.resolve(target.file)), ...(entry as Record<string, unknown>) };
  if (Object.keys(options.env).length) withDefaults.env = { ...((withDefaults.env as object) ?? {}), ...options.env };
  if (Object.keys(options.headers).length) withDefaults.headers = { ...((withDefaults.headers as object) ?? {}), ...options.headers };
  return { id: target.server, entry: withDefaults };
}

const [subcommand, ...rest] = process.argv.slice(2);
if (subcommand !== "check")
  fail(
    subcommand === undefined || subcommand === "--help" || subcommand === "-h" ? USAGE : `unknown command "${subcommand}".\n\n${USAGE}`,
    subcommand === undefined || subcommand === "--help" || subcommand === "-h" ? 0 : EXIT.usage,
  );

let options: CheckOptions | null;
let server: { id: string; entry: Record<string, unknown> };
try {
  options = parseCheckOptions(rest);
  if (options === null) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  server = entryOf(options);
  // A suite's run believes the server's own annotations (a read-only tool is not held for a person
  // nobody can be): it is the developer's own server, checked in their CI.
  if (options.evals) server.entry.trusted = true;
} catch (error) {
  if (error instanceof UsageError) fail(`${error.message}\n\n${USAGE}`, EXIT.usage);
  throw error;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-check-"));
// Toolscope's own settings stay out, but for what an eval run is told to estimate and how fast it may go.
const KEPT = new Set(["TOOLSCOPE_MODEL_PRICES", "TOOLSCOPE_EVAL_CONCURRENCY"]);
for (const name of Object.keys(process.env))
  if ((name.startsWith("TOOLSCOPE_") && !KEPT.has(name)) || name === "DATABASE_URL") delete process.env[name];
fs.writeFileSync(path.join(dataDir, "mcp.json"), JSON.stringify({ mcpServers: { [server.id]: server.entry } }));
Object.assign(process.env, {
  TOOLSCOPE_DATA_DIR: dataDir,
  TOOLSCOPE_CONFIG: path.join(dataDir, "mcp.json"),
  TOOLSCOPE_DEMO_SERVER: "off",
  TOOLSCOPE_CALL_TIMEOUT_MS: String(options.timeoutMs),
});
// Toolscope's own log (connections, the audit log) is for --verbose only: stdout is the report's.
const quiet = (): void => undefined;
const toStderr = (...args: unknown[]): void => void process.stderr.write(`${args.map(String).join(" ")}\n`);
for (const method of ["log", "info", "warn", "error", "debug"] as const) console[method] = options.verbose ? toStderr : quiet;

let code: number = EXIT.passed;
try {
  const { runCheck } = await import("@/lib/check/run-check");
  const run = await runCheck(options, server.id);
  const targetText =
    options.target.kind === "url"
      ? options.target.url
      : options.target.kind === "command"
        ? [options.target.command, ...options.target.args].join(" ")
        : `${options.target.server} (${options.target.file})`;
  if (options.junit) {
    const { junitXml } = await import("@/lib/check/junit");
    fs.writeFileSync(options.junit, junitXml(run, options.failOn));
  }
  if (options.json)
    process.stdout.write(
      `${JSON.stringify(
        {
          passed: run.failures.length === 0,
          failures: run.failures,
          report: run.card,
          collection: run.collection,
          evals: run.evals,
          ...(run.evalsError ? { evalsError: run.evalsError } : {}),
          connectError: run.connectError,
        },
        null,
        2,
      )}\n`,
    );
  else {
    const { summaryText } = await import("@/lib/check/summary");
    process.stdout.write(summaryText(run, targetText));
  }
  code = run.connectError ? EXIT.unreachable : run.failures.length > 0 ? EXIT.failed : EXIT.passed;
} catch (error) {
  process.stderr.write(`toolscope: the check stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  code = EXIT.usage;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
