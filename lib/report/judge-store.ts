import "server-only";
// Where the model judge's verdicts are kept (table judge_verdicts), by the key that names the
// definition, the rubric version and the model together (judge-verdict.ts's verdictKey): a verdict
// is a fact about that text, so it is shared by every server and replica that lists the same tool,
// and never asked for again. Failures are not kept here: a model that could not answer is asked
// again later (model-judge.ts decides when).
import { database } from "@/lib/db";
import { JUDGE_RUBRIC_VERSION } from "./judge-rubric";
import type { JudgeVerdict } from "./judge-verdict";

/** Keys per statement: well under SQLite's limit on bound values. */
const CHUNK = 300;

export async function storedVerdicts(keys: readonly string[]): Promise<Map<string, JudgeVerdict>> {
  const verdicts = new Map<string, JudgeVerdict>();
  if (keys.length === 0) return verdicts;
  const db = await database();
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .selectFrom("judge_verdicts")
      .select(["hash", "verdict", "score", "span", "path", "reason"])
      .where("hash", "in", unique.slice(i, i + CHUNK))
      .execute();
    for (const row of rows)
      verdicts.set(row.hash, { verdict: row.verdict, score: Number(row.score), span: row.span, path: row.path, reason: row.reason });
  }
  return verdicts;
}

/** Keeps a verdict; one kept already under the key (another replica's) stands. */
export async function keepVerdict(key: string, model: string, verdict: JudgeVerdict): Promise<void> {
  const db = await database();
  await db
    .insertInto("judge_verdicts")
    .values({ hash: key, model, rubric_version: JUDGE_RUBRIC_VERSION, ...verdict, judged_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column("hash").doNothing())
    .execute();
}
