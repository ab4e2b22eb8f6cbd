import "server-only";
// A server's policy on risky tools as the API reads and changes it.
import { recordEvent } from "@/lib/audit/events";
import type { Caller } from "@/lib/domain/roles";
import { connectionFor } from "@/lib/mcp/pool";
import { saveServerPolicy, serverPolicy } from "./policy-store";
import { annotationsTrusted, type ServerPolicy } from "@/lib/domain/tool-policy";

export type ServerPolicyView = {
  serverId: string;
  policy: ServerPolicy | null;
  /** Whether the server's config marks it trusted, and whether its annotations are believed once the policy applies. */
  configuredTrusted: boolean;
  annotationsTrusted: boolean;
};

export async function serverPolicyView(serverId: string): Promise<ServerPolicyView> {
  const connection = await connectionFor(serverId);
  const policy = (await serverPolicy(serverId)) ?? null;
  return {
    serverId,
    policy,
    configuredTrusted: connection.config.trusted,
    annotationsTrusted: annotationsTrusted(policy ?? undefined, connection.config.trusted),
  };
}

export async function changeServerPolicy(serverId: string, policy: ServerPolicy, by: Caller): Promise<ServerPolicyView> {
  await connectionFor(serverId); // 404 for a server that does not exist
  const before = (await serverPolicy(serverId)) ?? null;
  await saveServerPolicy(serverId, policy, by.userId ?? by.actor);
  await recordEvent("server_policy_changed", by, { serverId, policy, before });
  return serverPolicyView(serverId);
}
