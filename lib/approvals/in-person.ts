import "server-only";
// A call the person confirmed themselves, in their own page, before it was made: the playground
// asks the person whose chat it is before a call the policy holds (lib/playground). When the
// server's policy counts them among its call's approvers (their role, their email, or their own
// calls when `self` is on, as it is by default), their confirmation is the approval: a row settled
// at once in their name, with the same audit event as a decision on the Approvals page. When it
// does not, the call still waits for someone it does count (holdForApproval). A held definition
// change is never waved through here: it waits for its approvers as ever.
import { recordEvent } from "@/lib/audit/events";
import { can, type Caller } from "@/lib/domain/roles";
import { serverPolicy } from "@/lib/policy/policy-store";
import { DEFAULT_APPROVAL_TIMEOUT_S } from "@/lib/domain/tool-policy";
import { insertApproval, settleApproval } from "./approval-store";
import { approversOf, newApproval, type HeldCall, type HeldOutcome } from "./approvals";

function countsAsApprover(caller: Caller, approvers: ReturnType<typeof approversOf>): boolean {
  if (!can(caller, "tools:call")) return false;
  if (caller.role && (approvers.roles as string[]).includes(caller.role)) return true;
  if (caller.email && approvers.people.includes(caller.email.toLowerCase())) return true;
  // Their own call: the one-user local mode has no user id, and its one user is the caller.
  return approvers.self && (caller.userId !== null || caller.authMethod === "local");
}

/** The person's own confirmation as the approval, or null when it cannot be (the call then waits). */
export async function approveInPerson(held: Omit<HeldCall, "signal" | "onTick">): Promise<HeldOutcome | null> {
  if (held.gate.definitionChanges) return null;
  const policy = await serverPolicy(held.connection.config.id);
  const approvers = approversOf(policy);
  if (!countsAsApprover(held.caller, approvers)) return null;
  const row = await insertApproval(newApproval(held, policy, policy?.agents?.timeoutSeconds ?? DEFAULT_APPROVAL_TIMEOUT_S));
  await settleApproval(row.id, { status: "approved", decidedBy: held.caller.name, decidedById: held.caller.userId, reason: null });
  await recordEvent("agent_call_approved", held.caller, {
    serverId: row.server_id,
    subject: `${row.tool_name} (${row.client})`,
    approvalId: row.id,
    agent: row.client,
    for: held.caller.actor,
    inPerson: true,
  });
  return { approved: true, approvalId: row.id, arguments: held.arguments, decidedBy: held.caller.name };
}
