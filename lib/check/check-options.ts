// `toolscope check`'s command line: which server (a URL, a command after `--`, or an entry of an
// mcp.json), how to reach it (headers, environment, OAuth client credentials), what else to run
// (a collection file), what to print and when to fail. Parsed with node:util's parseArgs; every
// mistake is a clear message and exit code 2, never a stack trace.
import { parseArgs } from "node:util";

export const USAGE = `Usage:
  toolscope check [options] <url>                     a server reached over HTTP (Streamable HTTP, or SSE)
  toolscope check [options] -- <command> [args…]      a server started over stdio
  toolscope check [options] --config mcp.json --server <id>

Grades the server as Toolscope's report card does (spec, behaviour, model-facing quality,
safety, client compatibility), optionally runs a collection file's calls and checks first, and
exits non-zero when a finding reaches --fail-on.

Options:
  --header "Name: value"     an HTTP header (repeatable), e.g. --header "Authorization: Bearer $TOKEN"
  --transport <kind>         auto (default), streamable-http or sse
  --env KEY=VALUE            environment for a stdio server (repeatable)
  --client-id <id>           OAuth client credentials grant: the client id…
  --client-secret <secret>   …and its secret (or TOOLSCOPE_CHECK_CLIENT_SECRET)
  --scope <scopes>           the scopes to ask for
  --collection <file>        a Toolscope collection file: its calls are run and checked first
  --secrets <file>           values for the collection's secret fields: { "<call name>": { "/pointer": value } }
  --evals <file>             an eval suite file (docs/evals.md): its cases are run on each --model
  --model <provider/model>   a model to run the suite on (repeatable), configured by the usual
                             variables: OPENAI_API_KEY (+ OPENAI_BASE_URL), ANTHROPIC_API_KEY, …
  --runs <n>                 how many times each case runs on each model (default 1)
  --min-pass-rate <rate>     each model must pass at least this share of its attempts: 0.8 or 80% (default 100%)
  --fail-on <level>          error (default), warning, or never
  --json                     print the report as JSON instead of the summary
  --junit <file>             also write JUnit XML to <file>
  --timeout <ms>             per request (default 30000)
  --verbose                  Toolscope's own log on stderr
  -h, --help                 this help

Exit codes: 0 passed · 1 a finding at --fail-on, a failed collection check, or a model under --min-pass-rate ·
2 a usage error · 3 the server could not be reached.`;

export type FailOn = "error" | "warning" | "never";

export type CheckOptions = {
  target:
    | { kind: "url"; url: string; transport: "auto" | "streamable-http" | "sse" }
    | { kind: "command"; command: string; args: string[] }
    | { kind: "config"; file: string; server: string };
  headers: Record<string, string>;
  env: Record<string, string>;
  oauth: { clientId: string; clientSecret: string; scope?: string } | null;
  collection: string | null;
  secrets: string | null;
  evals: { file: string; models: string[]; runs: number; minPassRate: number } | null;
  failOn: FailOn;
  json: boolean;
  junit: string | null;
  timeoutMs: number;
  verbose: boolean;
};

export class UsageError extends Error {}

function pairs(values: string[] | undefined, separator: ":" | "=", what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values ?? []) {
    const at = value.indexOf(separator);
    if (at <= 0) throw new UsageError(`${what} "${value}" is not ${separator === ":" ? '"Name: value"' : "KEY=VALUE"}.`);
    out[value.slice(0, at).trim()] = value.slice(at + 1).trim();
  }
  return out;
}

function evalOptions(values: {
  evals?: string | undefined;
  model?: string[] | undefined;
  runs?: string | undefined;
  "min-pass-rate"?: string | undefined;
}): CheckOptions["evals"] {
  if (!values.evals) {
    const stray = (["model", "runs", "min-pass-rate"] as const).find((name) => values[name] !== undefined);
    if (stray) throw new UsageError(`--${stray} goes with --evals.`);
    return null;
  }
  const models = values.model ?? [];
  if (models.length === 0) throw new UsageError("--evals needs at least one --model provider/model (e.g. --model openai/gpt-4.1-mini).");
  if (new Set(models).size !== models.length) throw new UsageError("A --model is given twice.");
  const runs = values.runs === undefined ? 1 : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new UsageError("--runs is a whole number from 1 to 50.");
  const given = values["min-pass-rate"];
  const rate = given === undefined ? 1 : given.trim().endsWith("%") ? Number(given.trim().slice(0, -1)) / 100 : Number(given);
  if (given !== undefined && (given.trim() === "" || !Number.isFinite(rate) || rate < 0 || rate > 1))
    throw new UsageError(`--min-pass-rate is a share from 0 to 1, or a percentage (0.8, 80%), not "${given}".`);
  return { file: values.evals, models, runs, minPassRate: rate };
}

/** The options of `toolscope check`, from the arguments after `check`; null when help was asked for. */
export function parseCheckOptions(argv: readonly string[], env: Record<string, string | undefined> = process.env): CheckOptions | null {
  const dashes = argv.indexOf("--");
  const own = dashes >= 0 ? argv.slice(0, dashes) : [...argv];
  const command = dashes >= 0 ? argv.slice(dashes + 1) : [];
  let parsed;
  try {
    parsed = parseArgs({
      args: own,
      allowPositionals: true,
      strict: true,
      options: {
        header: { type: "string", multiple: true },
        transport: { type: "string" },
        env: { type: "string", multiple: true },
        "client-id": { type: "string" },
        "client-secret": { type: "string" },
        scope: { type: "string" },
        config: { type: "string" },
        server: { type: "string" },
        collection: { type: "string" },
        secrets: { type: "string" },
        evals: { type: "string" },
        model: { type: "string", multiple: true },
        runs: { type: "string" },
        "min-pass-rate": { type: "string" },
        "fail-on": { type: "string" },
        json: { type: "boolean" },
        junit: { type: "string" },
        timeout: { type: "string" },
        verbose: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return null;
  const targets = [positionals.length > 0, command.length > 0, values.config !== undefined].filter(Boolean).length;
  if (targets !== 1) throw new UsageError("Name one server: a URL, a command after --, or --config with --server.");
  if (positionals.length > 1) throw new UsageError(`One URL at a time (got ${positionals.join(", ")}); a command goes after --.`);
  const transport = values.transport ?? "auto";
  if (!["auto", "streamable-http", "sse"].includes(transport))
    throw new UsageError(`--transport is auto, streamable-http or sse, not "${transport}".`);
  let target: CheckOptions["target"];
  if (positionals[0] !== undefined) {
    if (!/^https?:\/\//i.test(positionals[0]))
      throw new UsageError(`"${positionals[0]}" is not an http(s) URL; to start a command, put it after --.`);
    target = { kind: "url", url: positionals[0], transport: transport as "auto" };
  } else if (command.length > 0) target = { kind: "command", command: command[0]!, args: command.slice(1) };
  else {
    if (!values.server) throw new UsageError("--config needs --server <id>: which of its servers to check.");
    target = { kind: "config", file: values.config!, server: values.server };
  }
  const failOn = values["fail-on"] ?? "error";
  if (!["error", "warning", "never"].includes(failOn)) throw new UsageError(`--fail-on is error, warning or never, not "${failOn}".`);
  const timeoutMs = values.timeout === undefined ? 30_000 : Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 3_600_000)
    throw new UsageError("--timeout is a number of milliseconds, 100 to 3600000.");
  const clientSecret = values["client-secret"] ?? env.TOOLSCOPE_CHECK_CLIENT_SECRET;
  if (values["client-id"] && !clientSecret) throw new UsageError("--client-id needs --client-secret (or TOOLSCOPE_CHECK_CLIENT_SECRET).");
  if (!values["client-id"] && values["client-secret"]) throw new UsageError("--client-secret needs --client-id.");
  if (values["client-id"] && target.kind !== "url") throw new UsageError("OAuth client credentials are for a server reached by URL.");
  if (values.secrets && !values.collection) throw new UsageError("--secrets goes with --collection.");
  return {
    target,
    evals: evalOptions(values),
    headers: pairs(values.header, ":", "--header"),
    env: pairs(values.env, "=", "--env"),
    oauth: values["client-id"]
      ? { clientId: values["client-id"], clientSecret: clientSecret!, ...(values.scope ? { scope: values.scope } : {}) }
      : null,
    collection: values.collection ?? null,
    secrets: values.secrets ?? null,
    failOn: failOn as FailOn,
    json: values.json ?? false,
    junit: values.junit ?? null,
    timeoutMs,
    verbose: values.verbose ?? false,
  };
}
