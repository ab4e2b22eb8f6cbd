import "server-only";
// `toolscope check`: the server under test becomes the one entry of a throwaway Toolscope (an
// mcp.json and a SQLite audit log in a temporary directory), so that everything after is
// Toolscope's own code: the connection, the collection run through the call pipeline with its
// checks (lib/saved), and the report card (lib/report), whose audit figures then include the
// collection's calls. The environment is set by the caller before this module is loaded.
import fs from "node:fs";
import { localCaller } from "@/lib/auth/identify";
import type { ReportCard, Severity } from "@/lib/domain/report-card";
import { AppError } from "@/lib/errors";
import { closeAllConnections, connectionFor } from "@/lib/mcp/pool";
import { serverReport } from "@/lib/report/server-report";
import { whyCallFailed } from "@/lib/domain/saved-checks";
import { runCollection } from "@/lib/saved/run-saved";
import type { CollectionReport } from "@/lib/domain/saved-shapes";
import { importCollection } from "@/lib/saved/transfer";
import type { CheckOptions, FailOn } from "./check-options";
import { checkEvals, evalFailures, type CheckEvals } from "./check-evals";

export type CheckRun = {
  serverId: string;
  card: ReportCard | null;
  collection: CollectionReport | null;
  evals: CheckEvals | null;
  /** Why the server could not be reached, or the collection not run; null when it all ran. */
  connectError: string | null;
  collectionError: string | null;
  /** Why the eval suite could not be run; null when it ran (or none was given). */
  evalsError: string | null;
  /** The reasons the check fails, in words; empty when it passes. */
  failures: string[];
};

const LEVELS: Record<Exclude<FailOn, "never">, Severity[]> = { error: ["error"], warning: ["error", "warning"] };

/** The calls of a collection file meant for the server under test, renamed to its id here. */
function collectionFor(file: string, serverId: string, configServer: string | null): unknown {
  let document: { calls?: { server?: unknown }[] } & Record<string, unknown>;
  try {
    document = JSON.parse(fs.readFileSync(file, "utf8")) as typeof document;
  } catch (error) {
    throw new AppError("bad_request:collection_file", `Could not read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const calls = Array.isArray(document.calls) ? document.calls : [];
  const servers = [...new Set(calls.map((c) => String(c.server)))];
  const wanted = configServer ?? (servers.length === 1 ? servers[0] : null);
  if (wanted === null)
    throw new AppError(
      "bad_request:collection_file",
      `${file} has calls for ${servers.join(", ")}; check them one at a time with --config and --server.`,
    );
  return { ...document, calls: calls.filter((c) => String(c.server) === wanted).map((c) => ({ ...c, server: serverId })) };
}

function secretsFor(file: string | null, report: { name: string; id: string }[]): Record<string, Record<string, unknown>> {
  if (!file) return {};
  const byName = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, Record<string, unknown>>;
  return Object.fromEntries(report.filter((call) => byName[call.name]).map((call) => [call.id, byName[call.name]!]));
}

export async function runCheck(options: CheckOptions, serverId: string): Promise<CheckRun> {
  const caller = localCaller(null).caller;
  const run: CheckRun = {
    serverId,
    card: null,
    collection: null,
    evals: null,
    connectError: null,
    collectionError: null,
    evalsError: null,
    failures: [],
  };
  try {
    try {
      await (await connectionFor(serverId)).ready();
    } catch (error) {
      run.connectError = error instanceof Error ? error.message : String(error);
      run.failures.push("The server could not be reached.");
      return run;
    }
    if (options.collection) {
      try {
        const document = collectionFor(options.collection, serverId, options.target.kind === "config" ? options.target.server : null);
        const { collection } = await importCollection(document, caller);
        const secrets = secretsFor(
          options.secrets,
          collection.calls.map((c) => ({ name: c.name, id: c.id })),
        );
        run.collection = await runCollection(collection.id, { secrets }, caller);
        for (const call of run.collection.calls.filter((c) => !c.passed))
          run.failures.push(`Collection call “${call.name}” failed: ${whyCallFailed(call)}`);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        run.collectionError = error.message;
        run.failures.push(`The collection was not run: ${error.message}`);
      }
    }
    if (options.evals) {
      try {
        run.evals = await checkEvals(options.evals, serverId, options.target.kind === "config" ? options.target.server : null, caller);
        run.failures.push(...evalFailures(run.evals));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        run.evalsError = error.message;
        run.failures.push(`The eval suite was not run: ${error.message}`);
      }
    }
    run.card = await serverReport(serverId, caller, { fresh: true });
    if (options.failOn !== "never") {
      const levels = LEVELS[options.failOn];
      const failing = run.card.findings.filter((f) => levels.includes(f.severity));
      if (failing.length > 0)
        run.failures.push(`${failing.length} finding${failing.length === 1 ? "" : "s"} at --fail-on ${options.failOn} or worse.`);
    }
    return run;
  } finally {
    await closeAllConnections();
  }
}
