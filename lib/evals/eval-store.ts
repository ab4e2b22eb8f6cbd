import "server-only";
// Where eval suites and their runs are kept (tables eval_suites, eval_runs). A suite is saved as
// its file reads, checked whole (a pattern RE2 cannot read is refused here, not at each attempt).
// A run goes on in the background of the process that started it, as the person who started it,
// writing each attempt as it ends; it can be stopped from any process (the runner reads its status
// between attempts), and one whose process died reads as interrupted.
import { randomUUID } from "node:crypto";
import { database } from "@/lib/db";
import type { EvalRunsTable } from "@/lib/db/schema";
import { can, type Caller } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import { checkModels, withoutKeys } from "@/lib/models/providers";
import { processWide } from "@/lib/process-wide";
import { patternProblem } from "./grade";
import { runSuite } from "./run-suite";
import {
  summarize,
  withoutPayloads,
  type EvalAttempt,
  type EvalRun,
  type RunListing,
  type RunStatus,
  type SuiteListing,
} from "@/lib/domain/eval-run-shapes";
import { EvalSuiteSchema, SUITE_FILE_FORMAT, SUITE_FILE_VERSION, type EvalSuite } from "@/lib/domain/eval-suite-file";

/** A run's heartbeat while it goes on; three missed and it is taken for dead. */
const HEARTBEAT_MS = 15_000;
const DEAD_AFTER_MS = 3 * HEARTBEAT_MS;

const running = processWide("eval-runs", () => new Map<string, AbortController>());

export type SuiteRow = { id: string; suite: EvalSuite; createdAt: string; updatedAt: string; updatedBy: string | null };
function assertMayRun(caller: Caller): void {
  if (!can(caller, "tools:call")) throw new AppError("forbidden:role", "Only someone who may call tools may change or run eval suites.");
}

/** The suite a file describes, or a 400 that says every problem with it. */
export function parseSuite(input: unknown): EvalSuite {
  const parsed = EvalSuiteSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError(
      "bad_request:eval_suite",
      `This is not an eval suite Toolscope reads: ${parsed.error.issues
        .slice(0, 8)
        .map((issue) => `${issue.path.join(".") || "the file"}: ${issue.message}`)
        .join("; ")}`,
    );
  for (const [index, c] of parsed.data.cases.entries())
    for (const e of c.expect) {
      if (e.kind !== "answer_matches") continue;
      const problem = patternProblem(e.pattern, e.flags ?? "");
      if (problem)
        throw new AppError("bad_request:eval_suite", `cases.${index} (“${c.name}”): the pattern /${e.pattern}/ is not RE2: ${problem}`);
    }
  return parsed.data;
}

function toSuite(row: { id: string; definition: string; created_at: string; updated_at: string; updated_by: string | null }): SuiteRow {
  return {
    id: row.id,
    suite: EvalSuiteSchema.parse(JSON.parse(row.definition)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

export async function getSuite(id: string): Promise<SuiteRow> {
  const row = await (await database()).selectFrom("eval_suites").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("not_found:eval_suite", "There is no such eval suite.");
  return toSuite(row);
}

/** Saves a suite: a new one, or (with `id`) in place of that one. */
export async function saveSuite(input: unknown, caller: Caller, id?: string): Promise<SuiteRow> {
  assertMayRun(caller);
  const suite = parseSuite(input);
  const { exportedAt: _exportedAt, ...kept } = suite;
  const db = await database();
  const now = new Date().toISOString();
  const values = {
    name: suite.name,
    definition: JSON.stringify({ ...kept, version: SUITE_FILE_VERSION }),
    updated_at: now,
    updated_by: caller.name,
  };
  if (id) {
    const result = await db.updateTable("eval_suites").set(values).where("id", "=", id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError("not_found:eval_suite", "There is no such eval suite.");
    return getSuite(id);
  }
  const created = randomUUID();
  await db
    .insertInto("eval_suites")
    .values({ id: created, created_at: now, ...values })
    .execute();
  return getSuite(created);
}

export async function removeSuite(id: string, caller: Caller): Promise<void> {
  assertMayRun(caller);
  const db = await database();
  const runs = await db.selectFrom("eval_runs").select("id").where("suite_id", "=", id).where("status", "=", "running").execute();
  if (runs.some((run) => running.has(run.id)))
    throw new AppError("conflict:eval_suite", "A run of this suite is going on: stop it before removing the suite.");
  await db.transaction().execute(async (tx) => {
    const result = await tx.deleteFrom("eval_suites").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError("not_found:eval_suite", "There is no such eval suite.");
    await tx.deleteFrom("eval_runs").where("suite_id", "=", id).execute();
  });
}

/** The suite as a file to share or commit: what import reads back. */
export async function exportSuite(id: string): Promise<EvalSuite> {
  const { suite } = await getSuite(id);
  return { ...suite, format: SUITE_FILE_FORMAT, version: SUITE_FILE_VERSION, exportedAt: new Date().toISOString() };
}

type RunRow = EvalRunsTable;

function toRun(row: RunRow): EvalRun {
  const dead = row.status === "running" && !running.has(row.id) && Date.now() - Date.parse(row.heartbeat_at) > DEAD_AFTER_MS;
  return {
    id: row.id,
    suiteId: row.suite_id,
    suiteName: row.suite_name,
    status: dead ? "interrupted" : (row.status as RunStatus),
    error: row.error,
    models: JSON.parse(row.models) as string[],
    repeat: row.repeat,
    cases: JSON.parse(row.cases) as string[],
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    startedBy: row.started_by,
    attempts: JSON.parse(row.attempts) as EvalAttempt[],
  };
}

export function listing(run: EvalRun): RunListing {
  const { attempts, ...rest } = run;
  return { ...rest, summary: summarize(attempts), attempted: attempts.length, planned: run.models.length * run.repeat * run.cases.length };
}

export async function getRun(id: string): Promise<EvalRun> {
  const row = await (await database()).selectFrom("eval_runs").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("not_found:eval_run", "There is no such eval run.");
  return toRun(row);
}

/** A run as this reader may see it: without what the calls sent and answered unless they may read payloads. */
export async function readRun(id: string, reader: Caller): Promise<EvalRun> {
  const run = await getRun(id);
  return can(reader, "audit:payloads") ? run : { ...run, attempts: withoutPayloads(run.attempts), payloadsHidden: true };
}

/** A suite's runs, newest first, without their attempts' detail. */
export async function listRuns(suiteId: string, limit = 100): Promise<RunListing[]> {
  const rows = await (
    await database()
  )
    .selectFrom("eval_runs")
    .selectAll()
    .where("suite_id", "=", suiteId)
    .orderBy("started_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => listing(toRun(row)));
}

export async function listSuites(): Promise<SuiteListing[]> {
  const db = await database();
  const rows = await db.selectFrom("eval_suites").selectAll().orderBy("name").execute();
  // Every suite's newest run in one query (a query per suite made the page slower with each suite).
  const newest = await db
    .selectFrom("eval_runs as run")
    .selectAll("run")
    .where("run.started_at", "=", (eb) =>
      eb
        .selectFrom("eval_runs as other")
        .select((other) => other.fn.max("other.started_at").as("latest"))
        .whereRef("other.suite_id", "=", "run.suite_id"),
    )
    .orderBy("run.id")
    .execute();
  const lastRuns = new Map<string, RunListing>();
  for (const run of newest) if (!lastRuns.has(run.suite_id)) lastRuns.set(run.suite_id, listing(toRun(run)));
  return rows.map((row) => {
    const { suite } = toSuite(row);
    return {
      id: row.id,
      name: suite.name,
      description: suite.description,
      cases: suite.cases.length,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
      lastRun: lastRuns.get(row.id) ?? null,
    };
  });
}

export type RunRequest = { models: string[]; repeat: number };

/** Starts a run in the background and returns it at once; the models are checked first. */
export async function startRun(suiteId: string, request: RunRequest, caller: Caller): Promise<EvalRun> {
  assertMayRun(caller);
  const { suite } = await getSuite(suiteId);
  await checkModels(request.models, caller);
  const db = await database();
  const now = new Date().toISOString();
  const id = randomUUID();
  await db
    .insertInto("eval_runs")
    .values({
      id,
      suite_id: suiteId,
      suite_name: suite.name,
      status: "running",
      error: null,
      models: JSON.stringify(request.models),
      repeat: request.repeat,
      cases: JSON.stringify(suite.cases.map((c) => c.name)),
      started_at: now,
      started_by: caller.name,
      finished_at: null,
      heartbeat_at: now,
      attempts: "[]",
    })
    .execute();
  const controller = new AbortController();
  running.set(id, controller);
  void carryOut(id, suite, request, caller, controller);
  return getRun(id);
}

async function carryOut(id: string, suite: EvalSuite, request: RunRequest, caller: Caller, controller: AbortController): Promise<void> {
  const db = await database();
  const done: EvalAttempt[] = [];
  const beat = setInterval(() => void heartbeat(id, controller), HEARTBEAT_MS);
  beat.unref();
  let status: RunStatus = "finished";
  let error: string | null = null;
  try {
    await runSuite({
      suite,
      models: request.models,
      repeat: request.repeat,
      caller,
      signal: controller.signal,
      onAttempt: async (attempt) => {
        done.push(attempt);
        await db
          .updateTable("eval_runs")
          .set({ attempts: JSON.stringify(done), heartbeat_at: new Date().toISOString() })
          .where("id", "=", id)
          .execute();
        await heartbeat(id, controller);
      },
    });
    if (controller.signal.aborted) status = "stopped";
  } catch (failure) {
    status = controller.signal.aborted ? "stopped" : "failed";
    error = failure instanceof AppError ? failure.message : withoutKeys(failure);
  } finally {
    clearInterval(beat);
    running.delete(id);
    // An attempt stopped half-way is not a result: only what ended before the stop is kept.
    const kept = status === "stopped" ? done.filter((a) => a.error !== "The run was stopped.") : done;
    await db
      .updateTable("eval_runs")
      .set({ status, error, attempts: JSON.stringify(kept), finished_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
  }
}

/** Says the run is alive, and learns whether it was stopped meanwhile (perhaps from another process). */
async function heartbeat(id: string, controller: AbortController): Promise<void> {
  const db = await database();
  await db.updateTable("eval_runs").set({ heartbeat_at: new Date().toISOString() }).where("id", "=", id).execute();
  const row = await db.selectFrom("eval_runs").select("status").where("id", "=", id).executeTakeFirst();
  if (row?.status === "stopped") controller.abort();
}

/** Stops a run that is going on, in whichever process runs it. */
export async function stopRun(id: string, caller: Caller): Promise<EvalRun> {
  assertMayRun(caller);
  const run = await getRun(id);
  if (run.status !== "running") return run;
  running.get(id)?.abort();
  await (
    await database()
  )
    .updateTable("eval_runs")
    .set({ status: "stopped" })
    .where("id", "=", id)
    .where("status", "=", "running")
    .execute();
  return getRun(id);
}
