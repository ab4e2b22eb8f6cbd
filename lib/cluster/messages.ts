// What the Toolscope processes on one database say to each other (bus.ts), topic by topic: one
// schema each, checked when a message is sent (a malformed one is a bug in the sender, thrown
// there) and when it arrives (it comes from the database; a malformed one is dropped, never
// handed on).
import { z } from "zod";
import type { Caller } from "@/lib/domain/roles";

const UserAnswerSchema = z.object({
  action: z.enum(["accept", "decline", "cancel"]),
  content: z.record(z.string(), z.unknown()).optional(),
  text: z.string().optional(),
});

export const MESSAGES = {
  /** Cancel the call you run (lib/calls/in-flight.ts), if `by` may. Answered with whether it was. */
  cancel: z.object({ auditId: z.string(), by: z.object({ owner: z.string(), isAdmin: z.boolean() }) }),
  /** Deliver this answer to the request for input you wait on (lib/mcp/user-input.ts). */
  "input-answer": z.object({
    serverId: z.string(),
    id: z.string(),
    answer: UserAnswerSchema,
    answerer: z.string().nullable().default(null),
  }),
  /** A question about the task you follow (lib/calls/tasks.ts); the caller as the asking process identified it. */
  task: z.object({
    op: z.enum(["get", "cancel"]),
    serverId: z.string(),
    taskId: z.string(),
    caller: z.custom<Caller>((value) => typeof value === "object" && value !== null).optional(),
  }),
  /** An agent's waiting call was decided (lib/approvals): the replica holding the agent reads the row. */
  "approval-decided": z.object({ id: z.string() }),
  /** A server's tool list changed: list it again. */
  "tools-changed": z.object({ serverId: z.string() }),
  /** A server said its resources or prompts changed: tell this process's agents (lib/gateway). */
  "features-changed": z.object({ serverId: z.string(), list: z.enum(["resources", "prompts"]) }),
  /** A cache to drop. */
  invalidate: z.discriminatedUnion("what", [
    z.object({ what: z.literal("servers") }),
    z.object({ what: z.literal("policies") }),
    z.object({ what: z.literal("pins") }),
    z.object({ what: z.literal("virtual-servers") }),
    z.object({ what: z.literal("settings") }),
    z.object({ what: z.enum(["oauth-grant", "oauth-authorized", "oauth-revoked"]), serverId: z.string(), principal: z.string() }),
  ]),
} as const;

/** What a message is about; a handler per topic answers it. */
export type Topic = keyof typeof MESSAGES;
/** A message's body as its sender writes it. */
export type MessageBody<T extends Topic> = z.input<(typeof MESSAGES)[T]>;
/** A message's body as its handler gets it, checked. */
export type ReceivedMessage<T extends Topic> = z.output<(typeof MESSAGES)[T]>;

export function isTopic(value: unknown): value is Topic {
  return typeof value === "string" && Object.hasOwn(MESSAGES, value);
}
