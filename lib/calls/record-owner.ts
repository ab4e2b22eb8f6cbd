import "server-only";
// Which Toolscope process runs a call: the one that opened its audit record, while the record
// is pending. A request about the call (cancel it, a task's status) that reaches another
// process on the same database is passed to that one over the bus (lib/cluster).
import { clusterBus } from "@/lib/cluster";
import { database } from "@/lib/db";

/**
 * The other process that opened this record, when it is still running (it has its row in
 * audit_instances) and there is a bus to reach it; with `pending` (the default), only while the
 * call runs.
 */
export async function otherProcessThatOpened(auditId: string, { pending = true } = {}): Promise<string | undefined> {
  const bus = clusterBus();
  if (!bus?.shared) return undefined;
  let query = (await database())
    .selectFrom("audit_log")
    .innerJoin("audit_instances", "audit_instances.id", "audit_log.instance_id")
    .select("audit_log.instance_id")
    .where("audit_log.id", "=", auditId);
  if (pending) query = query.where("audit_log.outcome", "=", "pending");
  const record = await query.executeTakeFirst();
  return record?.instance_id && record.instance_id !== bus.self ? record.instance_id : undefined;
}
