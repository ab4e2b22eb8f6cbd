import "server-only";
// What this process does when another Toolscope process on the database tells it something
// (bus.ts): cancel a call it runs, deliver an answer to an input request it waits on, list a
// server's tools again, drop a cache. Bodies are parsed, not trusted blindly: they come from
// the database's other processes, but a malformed one must not throw in a listener.
import { z } from "zod";
import type { Caller } from "@/lib/domain/roles";
import { cancelCall } from "@/lib/calls/in-flight";
import { answerTaskQuestion } from "@/lib/calls/tasks";
import { connectionsOf, refreshToolsOf } from "@/lib/mcp/pool";
import { invalidateRegistry } from "@/lib/mcp/registry";
import { answerUserInput } from "@/lib/mcp/user-input";
import { forgetAllCachedGrants, forgetCachedGrant } from "@/lib/oauth/oauth-store";
import { invalidatePolicies } from "@/lib/policy/policy-store";
import type { ClusterBus } from "../cluster/bus";

const CancelSchema = z.object({ auditId: z.string(), by: z.object({ owner: z.string(), isAdmin: z.boolean() }) });
const AnswerSchema = z.object({
  serverId: z.string(),
  id: z.string(),
  answer: z.object({
    action: z.enum(["accept", "decline", "cancel"]),
    content: z.record(z.string(), z.unknown()).optional(),
    text: z.string().optional(),
  }),
  answerer: z.string().nullable().default(null),
});
const ServerSchema = z.object({ serverId: z.string() });
// The caller as the asking process identified it (lib/auth): only passed on, for the connection it reaches.
const TaskSchema = z.object({
  op: z.enum(["get", "cancel"]),
  serverId: z.string(),
  taskId: z.string(),
  caller: z.custom<Caller>((value) => typeof value === "object" && value !== null).optional(),
});
const InvalidateSchema = z.discriminatedUnion("what", [
  z.object({ what: z.literal("servers") }),
  z.object({ what: z.literal("policies") }),
  z.object({ what: z.enum(["oauth-grant", "oauth-authorized", "oauth-revoked"]), serverId: z.string(), principal: z.string() }),
]);

export function installClusterHandlers(bus: ClusterBus): void {
  bus.handle("cancel", (body) => {
    const parsed = CancelSchema.safeParse(body);
    return parsed.success && cancelCall(parsed.data.auditId, parsed.data.by);
  });
  bus.handle("input-answer", (body) => {
    const parsed = AnswerSchema.safeParse(body);
    return parsed.success && answerUserInput(parsed.data.serverId, parsed.data.id, parsed.data.answer, parsed.data.answerer);
  });
  bus.handle("task", async (body) => {
    const parsed = TaskSchema.safeParse(body);
    if (!parsed.success) return { error: { code: "bad_request:body", message: "A malformed question about a task." } };
    const { op, serverId, taskId, caller } = parsed.data;
    return answerTaskQuestion(op, { serverId, taskId }, caller);
  });
  bus.handle("tools-changed", async (body) => {
    const parsed = ServerSchema.safeParse(body);
    if (parsed.success) await refreshToolsOf(parsed.data.serverId);
  });
  bus.handle("invalidate", async (body) => {
    const parsed = InvalidateSchema.safeParse(body);
    if (!parsed.success) return;
    const change = parsed.data;
    if (change.what === "servers") invalidateRegistry();
    else if (change.what === "policies") invalidatePolicies();
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
    forgetAllCachedGrants();
  });
}
