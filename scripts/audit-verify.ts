// Verifies the audit log's hash chain in the configured database (TOOLSCOPE_DATA_DIR or
// DATABASE_URL, as Toolscope itself reads them) and reports the first broken link.
//   npm run audit:verify
// Exit code: 0 when the chain holds, 1 when it is broken, 2 when it could not be checked.
import path from "node:path";
import type { Kysely } from "kysely";
import { openDatabase, describeTarget, type DatabaseTarget } from "../lib/db/connect";
import { migrateToLatest } from "../lib/db/migrate";
import { createAuditStore } from "../lib/audit/store";

const target: DatabaseTarget = process.env.DATABASE_URL
  ? { kind: "postgres", url: process.env.DATABASE_URL }
  : { kind: "sqlite", file: path.resolve(process.env.TOOLSCOPE_DATA_DIR ?? "data", "toolscope.db") };

const db = openDatabase(target);
try {
  await migrateToLatest(db as Kysely<unknown>);
  const report = await createAuditStore(db).verifyChain();
  if (report.ok) {
    console.log(`Audit chain intact: ${report.checked} records checked (${describeTarget(target)}).`);
  } else {
    const at = report.firstBroken!;
    console.log(`Audit chain BROKEN at record ${at.seq}${at.id ? ` (id ${at.id})` : ""}: ${at.reason}.`);
    console.log(`${report.checked} records before it check out.`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Could not verify the audit log: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
} finally {
  await db.destroy();
}
