import "server-only";
// Which Toolscope process runs a call: the one that opened its audit record, while the record
// is pending. A request about the call (cancel it, a task's status) that reaches another
// process on the same database is passed to that one over the bus (lib/cluster).
import { auditStore } from "@/lib/audit";
import { clusterBus } from "@/lib/cluster";

/**
 * The other process that opened this record, when it is still running and there is a bus to
 * reach it; with `pending` (the default), only while the call runs.
 */
export async function otherProcessThatOpened(auditId: string, { pending = true } = {}): Promise<string | undefined> {
  const bus = clusterBus();
  if (!bus?.shared) return undefined;
  const opener = await (await auditStore()).openerOf(auditId, { pending });
  return opener && opener !== bus.self ? opener : undefined;
}
