import "server-only";
// What this process does when another Toolscope process on the database tells it something
// (bus.ts): cancel a call it runs, deliver an answer to an input request it waits on, list a
// server's tools again, tell its agents a server's resources or prompts changed, drop a cache. Each body was checked against its topic's schema
// (lib/cluster/messages.ts) before it reaches a handler here.
import { cancelCall } from "@/lib/calls/in-flight";
import { answerTaskQuestion } from "@/lib/calls/tasks";
import { connectionsOf, featureListChanged, refreshToolsOf } from "@/lib/mcp/pool";
import { invalidateRegistry } from "@/lib/mcp/registry";
import { answerUserInput } from "@/lib/mcp/user-input";
import { forgetAllCachedGrants, forgetCachedGrant } from "@/lib/oauth/oauth-store";
import { invalidateInstanceSettings } from "@/lib/policy/instance-settings";
import { invalidatePolicies } from "@/lib/policy/policy-store";
import { invalidatePins } from "@/lib/pins/pin-store";
import { wakeApproval } from "@/lib/approvals/waiting";
import { invalidateVirtualServers } from "@/lib/gateway/virtual-store";
import type { ClusterBus } from "../cluster/bus";

export function installClusterHandlers(bus: ClusterBus): void {
  bus.handle("cancel", ({ auditId, by }) => cancelCall(auditId, by));
  bus.handle("input-answer", ({ serverId, id, answer, answerer }) => answerUserInput(serverId, id, answer, answerer));
  bus.handle("task", ({ op, serverId, taskId, caller }) => answerTaskQuestion(op, { serverId, taskId }, caller));
  bus.handle("approval-decided", ({ id }) => wakeApproval(id));
  bus.handle("tools-changed", async ({ serverId }) => {
    await refreshToolsOf(serverId);
  });
  bus.handle("features-changed", ({ serverId, list }) => featureListChanged(serverId, list));
  bus.handle("invalidate", async (change) => {
    if (change.what === "servers") invalidateRegistry();
    else if (change.what === "policies") invalidatePolicies();
    else if (change.what === "pins") invalidatePins();
    else if (change.what === "virtual-servers") invalidateVirtualServers();
    else if (change.what === "settings") invalidateInstanceSettings();
    else {
      forgetCachedGrant(change.serverId, change.principal, change.what === "oauth-revoked");
      const live = connectionsOf(change.serverId, change.principal);
      if (change.what === "oauth-authorized") for (const connection of live) connection.reauthorized();
      if (change.what === "oauth-revoked") for (const connection of live) await connection.restart();
    }
  });
  // Whatever was said while this process was not listening is lost: read everything again.
  bus.onResync(() => {
    invalidateRegistry();
    invalidatePolicies();
    invalidateInstanceSettings();
    invalidateVirtualServers();
    forgetAllCachedGrants();
  });
}
