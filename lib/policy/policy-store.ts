import "server-only";
// Where admins' policies on risky tools are kept: one row per server (any server, whether it
// comes from the config file, the database or is built in), cached briefly like the registry
// and dropped in every process when one changes it (lib/cluster).
import { database } from "@/lib/db";
import { clusterBus } from "@/lib/cluster";
import { processWide } from "@/lib/process-wide";
import { ServerPolicySchema, type ServerPolicy } from "@/lib/domain/tool-policy";

const CACHE_MS = 2_000;
const cache = processWide("server-policies", () => ({ at: 0, policies: undefined as Map<string, ServerPolicy> | undefined }));

async function readPolicies(): Promise<Map<string, ServerPolicy>> {
  const db = await database();
  const rows = await db.selectFrom("server_policies").select(["server_id", "policy"]).execute();
  const map = new Map<string, ServerPolicy>();
  for (const row of rows) {
    const parsed = ServerPolicySchema.safeParse(JSON.parse(row.policy));
    if (parsed.success) map.set(row.server_id, parsed.data);
    else console.error(`[toolscope] ignoring the stored policy of server "${row.server_id}": ${parsed.error.message}`);
  }
  return map;
}

export async function serverPolicy(serverId: string): Promise<ServerPolicy | undefined> {
  if (!cache.policies || Date.now() - cache.at > CACHE_MS) {
    cache.policies = await readPolicies();
    cache.at = Date.now();
  }
  return cache.policies.get(serverId);
}

/** Replaces a server's policy; an empty one removes it. */
export async function saveServerPolicy(serverId: string, policy: ServerPolicy, by: string | null): Promise<void> {
  const db = await database();
  const empty =
    !policy.destructive &&
    !policy.openWorld &&
    policy.trustAnnotations === undefined &&
    policy.definitionChanges === undefined &&
    policy.agents === undefined &&
    Object.keys(policy.tools ?? {}).length === 0;
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("server_policies").where("server_id", "=", serverId).execute();
    if (!empty)
      await tx
        .insertInto("server_policies")
        .values({ server_id: serverId, policy: JSON.stringify(policy), updated_at: new Date().toISOString(), updated_by: by })
        .execute();
  });
  invalidatePolicies();
  void clusterBus()?.broadcast("invalidate", { what: "policies" });
}

export function invalidatePolicies(): void {
  cache.policies = undefined;
}
