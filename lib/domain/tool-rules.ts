// What a server's policy on risky tools asks of a call (tool-policy.ts has the policy's shape):
// whether someone may call a tool, whether they must give a reason, and whether an agent's call
// waits for a person. One function decides, for the API and for the form alike. Client-safe
// and free of zod, whose 390 KB no page should load for this: the tool panel shows what the
// pipeline (lib/calls/run-call.ts) will enforce.
import type { Role } from "@/lib/domain/roles";
import type { PolicyRule, ServerPolicy } from "./tool-policy";

/** The roles that may call tools at all; a policy narrows them, never widens them. */
export const CALLING_ROLES = ["operator", "admin"] as const satisfies readonly Role[];
export type CallingRole = (typeof CALLING_ROLES)[number];

/** What an agent's call through /mcp does (lib/approvals): wait for a person, or go ahead. */
export const AGENT_RULES = ["wait", "allow"] as const;
export type AgentRule = (typeof AGENT_RULES)[number];

/** Agents wait 5 minutes for a decision unless the policy says otherwise. */
export const DEFAULT_APPROVAL_TIMEOUT_S = 300;

export const REASON_MAX_CHARS = 1_000;

type Annotated = { name: string; annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; openWorldHint?: boolean } | undefined };

export type ToolRisk = { destructive: boolean; openWorld: boolean };

/**
 * What a tool may do. Believed annotations follow the spec's defaults (a tool that is not
 * read-only is destructive unless it says otherwise; open-world unless it says otherwise). A
 * server whose annotations are not trusted gets the worst case: any tool may be lying.
 */
export function toolRisk(tool: Annotated, trusted: boolean): ToolRisk {
  if (!trusted) return { destructive: true, openWorld: true };
  const a = tool.annotations ?? {};
  return { destructive: a.readOnlyHint !== true && a.destructiveHint !== false, openWorld: a.openWorldHint !== false };
}

/** Why every tool of a server that is not trusted counts as risky, in the words the UI uses. */
const NOT_BELIEVED = "the server is not trusted, so what its tools say about themselves is not believed and every tool counts";

export function annotationsTrusted(policy: ServerPolicy | undefined, configured: boolean): boolean {
  return policy?.trustAnnotations ?? configured;
}

export type CallRequirement = {
  allowed: boolean;
  reasonRequired: boolean;
  /** Why, in words, when the policy restricts or asks for anything; null when it does not. */
  because: string | null;
};

const NONE: CallRequirement = { allowed: true, reasonRequired: false, because: null };

function roleList(roles: readonly CallingRole[]): string {
  if (roles.length === 0) return "nobody";
  return roles.map((r) => (r === "admin" ? "admins" : "operators")).join(" and ");
}

/** What calling `tool` asks of someone with `role` under `policy`. */
export function callRequirement(policy: ServerPolicy | undefined, tool: Annotated, trusted: boolean, role: Role | null): CallRequirement {
  if (!policy) return NONE;
  // Own keys only: a tool named "constructor" or "__proto__" must not find Object's.
  const specific = policy.tools && Object.hasOwn(policy.tools, tool.name) ? policy.tools[tool.name] : undefined;
  const risk = toolRisk(tool, annotationsTrusted(policy, trusted));
  const rules: [PolicyRule, string][] = specific
    ? [[specific, `this tool`]]
    : [
        ...(risk.destructive && policy.destructive ? [[policy.destructive, "destructive tools"] as [PolicyRule, string]] : []),
        ...(risk.openWorld && policy.openWorld ? [[policy.openWorld, "open-world tools"] as [PolicyRule, string]] : []),
      ];
  if (rules.length === 0) return NONE;
  const untrusted = !annotationsTrusted(policy, trusted) && !specific ? ` (${NOT_BELIEVED})` : "";
  for (const [rule, what] of rules) {
    if (rule.roles && !(role !== null && (rule.roles as readonly string[]).includes(role))) {
      return {
        allowed: false,
        reasonRequired: false,
        because: `This server's policy lets only ${roleList(rule.roles)} call ${what}${untrusted}.`,
      };
    }
  }
  const asking = rules.filter(([rule]) => rule.reason);
  if (asking.length === 0) return NONE;
  return {
    allowed: true,
    reasonRequired: true,
    because: `This server's policy asks for a reason to call ${asking.map(([, w]) => w).join(" and ")}${untrusted}.`,
  };
}

export type AgentGate = { wait: false } | { wait: true; because: string };

/**
 * Whether an agent's call to `tool` waits for a person. By default destructive tools wait (the
 * spec's defaults make a tool without hints destructive; a server whose hints are not believed
 * has every tool count) and the rest go ahead; the policy may say otherwise per class or tool.
 */
export function agentGate(policy: ServerPolicy | undefined, tool: Annotated, trusted: boolean): AgentGate {
  const agents = policy?.agents;
  const specific = agents?.tools && Object.hasOwn(agents.tools, tool.name) ? agents.tools[tool.name] : undefined;
  if (specific)
    return specific === "wait"
      ? { wait: true, because: "This server's policy has agents' calls to this tool wait for a person." }
      : { wait: false };
  const believed = annotationsTrusted(policy, trusted);
  const risk = toolRisk(tool, believed);
  const untrusted = believed ? "" : ` (${NOT_BELIEVED})`;
  if (risk.destructive && (agents?.destructive ?? "wait") === "wait")
    return { wait: true, because: `Agents' calls to destructive tools wait for a person${untrusted}.` };
  if (risk.openWorld && agents?.openWorld === "wait")
    return { wait: true, because: `Agents' calls to open-world tools wait for a person${untrusted}.` };
  return { wait: false };
}
