// Policies on risky tools, set by admins per server (and per tool where needed): which roles
// may call destructive or open-world tools, and whether such a call needs a typed reason,
// which the audit log keeps. This file is their shape, checked where a policy is saved or read;
// what a policy asks of a call is decided in tool-rules.ts, for the API and the form alike.
import { z } from "zod";
import { AGENT_RULES, CALLING_ROLES, REASON_MAX_CHARS } from "./tool-rules";

export * from "./tool-rules";

const RuleSchema = z.object({
  /** Who may call; absent: everyone who may call tools. */
  roles: z.array(z.enum(CALLING_ROLES)).max(CALLING_ROLES.length).optional(),
  /** Whether the caller must type a reason, kept in the audit record. */
  reason: z.boolean().optional(),
});
export type PolicyRule = z.infer<typeof RuleSchema>;

/** What an agent's call through /mcp does (lib/approvals): wait for a person, or go ahead. */
const AgentRuleSchema = z.enum(AGENT_RULES);

const AgentPolicySchema = z.object({
  /** Destructive tools (by believed hints); absent: wait. */
  destructive: AgentRuleSchema.optional(),
  /** Open-world tools; absent: allow. */
  openWorld: AgentRuleSchema.optional(),
  /** Per tool name: replaces the class rules for that tool. */
  tools: z.record(z.string().min(1).max(256), AgentRuleSchema).optional(),
  /** Who may decide a waiting call: absent, admins and the person behind the agent. */
  approvers: z
    .object({
      roles: z.array(z.enum(CALLING_ROLES)).max(CALLING_ROLES.length).optional(),
      people: z.array(z.string().trim().toLowerCase().email()).max(100).optional(),
      /** Whether the person behind the agent may decide their own agent's call (absent: yes). */
      self: z.boolean().optional(),
    })
    // A waiting call nobody may decide could only time out: every agent's risky call would fail, slowly.
    .refine((a) => a.roles === undefined || a.roles.length > 0 || (a.people?.length ?? 0) > 0 || a.self !== false, {
      message: "Name at least one approver (a role, a person, or the person behind the agent): a call nobody may decide can only time out.",
    })
    .optional(),
  timeoutSeconds: z
    .number()
    .int("Whole seconds, please.")
    .min(5, "An agent waits at least 5 seconds.")
    .max(86_400, "An agent waits at most a day (86,400 seconds).")
    .optional(),
});
export type AgentPolicy = z.infer<typeof AgentPolicySchema>;

export const ServerPolicySchema = z.object({
  destructive: RuleSchema.optional(),
  openWorld: RuleSchema.optional(),
  /** Overrides the server's `trusted` setting: whether its annotations are believed. */
  trustAnnotations: z.boolean().optional(),
  /** Per tool name: replaces the class rules for that tool. */
  tools: z.record(z.string().min(1).max(256), RuleSchema).optional(),
  /** What a tool whose definition changed since it was approved does (lib/pins): absent, hold when hosted and warn in local mode. */
  definitionChanges: z.enum(["hold", "warn", "accept"]).optional(),
  /** Which agents' calls wait for a person (lib/approvals). */
  agents: AgentPolicySchema.optional(),
});
export type ServerPolicy = z.infer<typeof ServerPolicySchema>;

/** The reason a call body may carry; blank counts as none. */
export const CallReasonSchema = z
  .string()
  .trim()
  .max(REASON_MAX_CHARS, `A reason is at most ${REASON_MAX_CHARS} characters.`)
  .optional()
  .transform((v) => v || undefined);
