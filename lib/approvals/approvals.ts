import "server-only";
// The approval queue (issue 34): an agent's call through /mcp that the server's policy says must
// wait (a destructive tool by default, or one whose definition changed since it was approved)
// waits here until a person the policy names approves it (maybe with edited arguments), denies it
// with a reason, or the time runs out. Decisions are audit events in the same hash chain as the
// calls; an approved call then runs through the call pipeline like any other.
import { recordEvent } from "@/lib/audit/events";
import { clusterBus } from "@/lib/cluster";
import { AppError } from "@/lib/errors";
import { appConfig } from "@/lib/config/env";
import { isSealed, seal, unseal } from "@/lib/crypto/secret-box";
import { REDACTED, redactArguments, restoreUnedited } from "@/lib/domain/redact";
import { jsonDiff, type JsonChange } from "@/lib/domain/json-diff";
import { compileSchema, describeErrors } from "@/lib/json-schema/dialect";
import { can, type Caller } from "@/lib/domain/roles";
import { decisionCredentialRefusal, type ApprovalView, type Approvers } from "@/lib/domain/approvals";
import type { ServerConnection } from "@/lib/mcp/connection";
import type { Tool } from "@/lib/domain/mcp-types";

type ToolAnnotations = Tool["annotations"];
import { connectionFor } from "@/lib/mcp/pool";
import { hiddenServerIds } from "@/lib/mcp/server-access";
import { serverPolicy } from "@/lib/policy/policy-store";
import { agentGate, DEFAULT_APPROVAL_TIMEOUT_S, toolRisk, annotationsTrusted } from "@/lib/domain/tool-policy";
import { unapprovedChanges } from "@/lib/pins/definition-pins";
import {
  approvalRow,
  insertApproval,
  listApprovals,
  overdueApprovals,
  recordApprovalCall,
  claimApprovalRound,
  settleApproval,
  type ApprovalRow,
  type NewApproval,
  type RequesterRecord,
} from "./approval-store";
import { awaitDecision, wakeApproval } from "./waiting";
import { announceWaiting } from "./webhook";
import { startApprovalWait } from "@/lib/metrics/metrics";

export type Gate = { wait: false } | { wait: true; because: string; definitionChanges: JsonChange[] | null };

/** Whether an agent's call to this tool waits for a person, and why. */
export async function agentCallGate(connection: ServerConnection, toolName: string): Promise<Gate> {
  const policy = await serverPolicy(connection.config.id);
  const tool = connection.findTool(toolName) ?? { name: toolName };
  const changes = await unapprovedChanges(connection, toolName);
  if (changes)
    return {
      wait: true,
      because: `${toolName}'s definition changed since it was approved; an agent's call to it waits for a person.`,
      definitionChanges: changes,
    };
  const gate = agentGate(policy, tool, connection.config.trusted);
  return gate.wait ? { wait: true, because: gate.because, definitionChanges: null } : gate;
}

/** The row a held call waits in: what approvers see (its secrets redacted), who asked, and who may decide. */
export function newApproval(
  held: Omit<HeldCall, "signal" | "onTick">,
  policy: Awaited<ReturnType<typeof serverPolicy>>,
  timeoutS: number,
): NewApproval {
  return {
    serverId: held.connection.config.id,
    toolName: held.toolName,
    // As the audit log keeps them: approvers see what it shows, and the secrets stay in this
    // process, with the agent's request, which is where the call is made from.
    arguments: shownArguments(held.connection, held.toolName, held.arguments),
    requester: {
      actor: held.caller.actor,
      userId: held.caller.userId,
      name: held.caller.name,
      email: held.caller.email,
      sessionId: held.caller.sessionId,
    },
    client: held.client,
    because: held.gate.because,
    definitionChanges: held.gate.definitionChanges,
    approvers: approversOf(policy),
    timeoutMs: timeoutS * 1000,
  };
}

export function approversOf(policy: Awaited<ReturnType<typeof serverPolicy>>): Approvers {
  const set = policy?.agents?.approvers;
  return { roles: set?.roles ?? ["admin"], people: set?.people ?? [], self: set?.self ?? true };
}

export type HeldCall = {
  connection: ServerConnection;
  toolName: string;
  arguments: Record<string, unknown>;
  caller: Caller;
  client: string;
  gate: Extract<Gate, { wait: true }>;
  signal: AbortSignal;
  onTick?: (waitedSeconds: number) => void;
};

export type HeldOutcome =
  | { approved: true; approvalId: string; arguments: Record<string, unknown>; decidedBy: string }
  | { approved: false; approvalId: string; outcome: "denied" | "expired" | "cancelled"; message: string };

/** Keeps the call waiting until it is decided; the decision, and with it the arguments to send. */
export async function holdForApproval(held: HeldCall): Promise<HeldOutcome> {
  const policy = await serverPolicy(held.connection.config.id);
  const timeoutS = policy?.agents?.timeoutSeconds ?? DEFAULT_APPROVAL_TIMEOUT_S;
  const row = await insertApproval(newApproval(held, policy, timeoutS));
  void announceWaiting(row, held.connection.config.name);
  const endWait = startApprovalWait(row.server_id);
  let decision = "failed";
  let settled: ApprovalRow;
  try {
    settled = await awaitDecision(row, { signal: held.signal, onTick: held.onTick });
    decision = settled.status;
  } finally {
    endWait(decision);
  }
  const subject = `${held.toolName} (${held.client})`;
  const serverId = held.connection.config.id;
  switch (settled.status) {
    case "approved": {
      const edited = editedArguments(settled);
      const sent = edited ? (restoreUnedited(edited, parse(settled.arguments), held.arguments) as Record<string, unknown>) : held.arguments;
      return { approved: true, approvalId: row.id, arguments: sent, decidedBy: settled.decided_by ?? "someone" };
    }
    case "denied":
      return {
        approved: false,
        approvalId: row.id,
        outcome: "denied",
        message: `${settled.decided_by ?? "A person"} denied the call${settled.decision_reason ? `: ${settled.decision_reason}` : "."}`,
      };
    case "expired":
      await recordEvent("agent_call_expired", held.caller, {
        serverId,
        subject,
        approvalId: row.id,
        agent: held.client,
        waitedSeconds: timeoutS,
      });
      return {
        approved: false,
        approvalId: row.id,
        outcome: "expired",
        message: `No one approved the call within ${formatWait(timeoutS)}, so it was not made. Ask a person to watch Toolscope's Approvals page, then try again.`,
      };
    default:
      await recordEvent("agent_call_withdrawn", held.caller, { serverId, subject, approvalId: row.id, agent: held.client });
      return { approved: false, approvalId: row.id, outcome: "cancelled", message: "The call was withdrawn while it waited." };
  }
}

export async function linkApprovalToCall(approvalId: string, auditId: string): Promise<void> {
  await recordApprovalCall(approvalId, auditId);
}

/** Whether an approved call may go on for its round `round` of input (once per round: see claimApprovalRound). */
export async function continueApprovedCall(approvalId: string, round: number): Promise<boolean> {
  return claimApprovalRound(approvalId, round);
}

/** Arguments as the audit log would keep them: secret values (by the tool's schema, key names, connection strings) redacted. */
function shownArguments(connection: ServerConnection, toolName: string, args: Record<string, unknown>): Record<string, unknown> {
  return redactArguments(args, connection.findTool(toolName)?.inputSchema, appConfig().audit.redactKeys) as Record<string, unknown>;
}

const editedPurpose = (id: string): string => `approval ${id} edited arguments`;

/**
 * An approver's edited arguments, as the agent's side sends them. Sealed at rest (an approver may
 * type a new secret); rows from before sealing hold plain JSON.
 */
function editedArguments(row: ApprovalRow): Record<string, unknown> | null {
  const text = row.edited_arguments;
  if (text === null) return null;
  return JSON.parse(isSealed(text) ? unseal(text, editedPurpose(row.id)) : text) as Record<string, unknown>;
}

function formatWait(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? "" : "s"}` : `${seconds} seconds`;
}

function parse<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/**
 * Why this caller may not decide this row whoever the policy names: a token (decisionCredentialRefusal),
 * or the very session that made the waiting call. Null when the credential may decide.
 */
function credentialRefusal(row: ApprovalRow, caller: Caller): string | null {
  const refusal = decisionCredentialRefusal(caller);
  if (refusal) return refusal;
  const requester = parse<RequesterRecord>(row.caller)!;
  if (caller.sessionId !== null && requester.sessionId === caller.sessionId)
    return "The session that made this call cannot decide it: approve or deny it from another sign-in.";
  return null;
}

/** Whether this person may decide this row: a role, an email, or their own agent's call, as the policy names. */
export function mayDecide(row: ApprovalRow, caller: Caller): boolean {
  if (!can(caller, "tools:call") || credentialRefusal(row, caller) !== null) return false;
  const approvers = parse<Approvers>(row.approvers)!;
  if (caller.role && (approvers.roles as string[]).includes(caller.role)) return true;
  if (caller.email && approvers.people.includes(caller.email.toLowerCase())) return true;
  return approvers.self && row.actor_id !== null && row.actor_id === caller.userId;
}

/** Whether this person sees the row at all: one they may decide, their own agent's, or (auditors) any. */
async function maySee(row: ApprovalRow, caller: Caller, hidden: ReadonlySet<string>): Promise<boolean> {
  if (hidden.has(row.server_id) && !can(caller, "audit:payloads")) return false;
  return mayDecide(row, caller) || (row.actor_id !== null && row.actor_id === caller.userId) || can(caller, "audit:payloads");
}

async function viewOf(row: ApprovalRow, caller: Caller): Promise<ApprovalView> {
  const requester = parse<{ actor: string; name: string; email: string | null }>(row.caller)!;
  let connection: ServerConnection | undefined;
  try {
    connection = await connectionFor(row.server_id);
  } catch {
    connection = undefined;
  }
  const tool = connection?.findTool(row.tool_name);
  const policy = await serverPolicy(row.server_id);
  const trusted = connection ? annotationsTrusted(policy, connection.config.trusted) : false;
  const risk = tool && connection ? toolRisk(tool, trusted) : undefined;
  // Trusting the server from the card is the fix where the server's own setting decides, and
  // where, trusted, this tool would not have waited.
  const canTrust =
    !trusted &&
    tool !== undefined &&
    connection?.source === "database" &&
    policy?.trustAnnotations === undefined &&
    can(caller, "servers:manage") &&
    !agentGate(policy ?? undefined, tool, true).wait;
  const edited = editedArguments(row);
  return {
    id: row.id,
    status: row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    serverId: row.server_id,
    serverName: connection?.config.name ?? row.server_id,
    toolName: row.tool_name,
    toolTitle: tool?.title ?? tool?.annotations?.title ?? null,
    risk: risk ? [...(risk.destructive ? ["destructive"] : []), ...(risk.openWorld ? ["open-world"] : [])] : [],
    trust: { trusted, declared: tool ? declaredHints(tool.annotations) : [], canTrust },
    arguments: parse<Record<string, unknown>>(row.arguments) ?? {},
    inputSchema: (tool?.inputSchema as Record<string, unknown> | undefined) ?? null,
    person: { name: requester.name, email: requester.email, actor: requester.actor },
    client: row.client,
    because: row.because,
    definitionChanges: parse(row.definition_changes),
    approvers: parse<Approvers>(row.approvers)!,
    mayDecide: row.status === "waiting" && mayDecide(row, caller),
    decidedAt: row.decided_at,
    decidedBy: row.decided_by,
    decisionReason: row.decision_reason,
    editedArguments: edited && (redactArguments(edited, tool?.inputSchema, appConfig().audit.redactKeys) as Record<string, unknown>),
    auditId: row.audit_id,
  };
}

/** What a tool says of itself, in the words of its badges. */
function declaredHints(annotations: ToolAnnotations | undefined): string[] {
  const a = annotations ?? {};
  return [
    ...(a.readOnlyHint === true ? ["read-only"] : []),
    ...(a.readOnlyHint !== true && a.destructiveHint === false ? ["not destructive"] : []),
    ...(a.readOnlyHint !== true && a.destructiveHint === true ? ["destructive"] : []),
    ...(a.openWorldHint === false ? ["closed-world"] : a.openWorldHint === true ? ["open-world"] : []),
  ];
}

/** The waiting calls this person sees (oldest first) and the latest decided ones (newest first). */
export async function approvalsFor(caller: Caller): Promise<{ waiting: ApprovalView[]; decided: ApprovalView[] }> {
  const { waiting, decided } = await listApprovals(30);
  const hidden = await hiddenServerIds(caller);
  const visible = async (rows: ApprovalRow[]): Promise<ApprovalView[]> => {
    const seen: ApprovalView[] = [];
    for (const row of rows) if (await maySee(row, caller, hidden)) seen.push(await viewOf(row, caller));
    return seen;
  };
  return { waiting: await visible(waiting), decided: await visible(decided) };
}

/** How many calls wait for this person's decision now: the header's badge, read often, so no views are built. */
export async function waitingForDecision(caller: Caller): Promise<{ waiting: number }> {
  const [{ waiting }, hidden] = await Promise.all([listApprovals(0), hiddenServerIds(caller)]);
  return { waiting: waiting.filter((row) => !hidden.has(row.server_id) && mayDecide(row, caller)).length };
}

export type Decision =
  { decision: "approve"; arguments?: Record<string, unknown> | undefined } | { decision: "deny"; reason?: string | undefined };

/** Where a decision came from: `fromPage`, a request one of Toolscope's own pages made (Sec-Fetch-Site: same-origin). */
export type DecisionSource = { fromPage: boolean };

/** A person decides a waiting call; the agent's request, on whichever replica holds it, goes on. */
export async function decideApproval(id: string, decision: Decision, by: Caller, source: DecisionSource): Promise<ApprovalView> {
  const row = await approvalRow(id);
  if (!row || !(await maySee(row, by, await hiddenServerIds(by)))) throw new AppError("not_found:approval");
  const refusal = credentialRefusal(row, by);
  if (refusal) throw new AppError("forbidden:credential", refusal);
  // Local mode has no sign-in: an agent on this machine is "the local user" too. What it cannot do
  // is be a browser (Sec-Fetch-Site is set by the browser, never by a page's script).
  if (by.authMethod === "local" && !source.fromPage)
    throw new AppError(
      "forbidden:credential",
      "Decide an agent's call on Toolscope's Approvals page in a browser: a request from anything else (an agent's, say) cannot.",
    );
  if (row.status !== "waiting") throw new AppError("conflict:approval", settledAlready(row));
  if (!mayDecide(row, by)) throw new AppError("forbidden:approver");
  // What the approver was shown: the arguments with their secrets redacted.
  const original = parse<Record<string, unknown>>(row.arguments) ?? {};
  let edited: Record<string, unknown> | null = null;
  let connection: ServerConnection | undefined;
  if (decision.decision === "approve" && decision.arguments && JSON.stringify(decision.arguments) !== JSON.stringify(original)) {
    edited = decision.arguments;
    connection = await connectionFor(row.server_id);
    assertFitsSchema(connection, row.tool_name, edited);
  }
  const status = decision.decision === "approve" ? "approved" : "denied";
  const reason = decision.decision === "deny" ? decision.reason?.trim() || null : null;
  const won = await settleApproval(id, {
    status,
    decidedBy: by.name,
    decidedById: by.userId,
    reason,
    editedArguments: edited && seal(JSON.stringify(edited), editedPurpose(id)),
  });
  if (!won) throw new AppError("conflict:approval", settledAlready((await approvalRow(id)) ?? row));
  const requester = parse<{ actor: string }>(row.caller)!;
  await recordEvent(status === "approved" ? "agent_call_approved" : "agent_call_denied", by, {
    serverId: row.server_id,
    subject: `${row.tool_name} (${row.client})`,
    approvalId: id,
    agent: row.client,
    for: requester.actor,
    ...(reason ? { reason } : {}),
    // The audit log keeps the edit as it keeps arguments: a secret the approver typed is redacted.
    ...(edited && connection ? { changes: jsonDiff(original, shownArguments(connection, row.tool_name, edited)) } : {}),
  });
  wakeApproval(id);
  void clusterBus()?.broadcast("approval-decided", { id });
  return viewOf((await approvalRow(id))!, by);
}

/** The value a JSON pointer ("/a/0/b") names in a value, if any. */
function valueAt(value: unknown, pointer: string): unknown {
  let at = value;
  for (const token of pointer.split("/").slice(1)) {
    const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
    at = typeof at === "object" && at !== null ? (at as Record<string, unknown>)[key] : undefined;
  }
  return at;
}

/** Why a late decision finds nothing to decide, in words: what happened to the call, and when. */
function settledAlready(row: ApprovalRow): string {
  const when = row.decided_at ? ` at ${row.decided_at.slice(11, 19)} UTC` : "";
  switch (row.status) {
    case "cancelled":
      return `The agent withdrew this call${when}: its request ended (it gave up, cancelled, or its session closed), so nothing is left to approve and nothing was run.`;
    case "expired":
      return `This call timed out${when} before anyone decided it, so it was not made.`;
    case "approved":
    case "denied":
      return `${row.decided_by ?? "Someone"} already ${row.status} this call${when}.`;
    default:
      return "That call was already decided, timed out or withdrawn by the agent.";
  }
}

function assertFitsSchema(connection: ServerConnection, toolName: string, args: Record<string, unknown>): void {
  const schema = connection.findTool(toolName)?.inputSchema;
  if (!schema) return;
  const compiled = compileSchema(schema);
  if (!compiled.ok) return;
  if (compiled.validate(args)) return;
  // A secret left as "[redacted]" is put back before the call is sent: its placeholder is not what is checked.
  const found = describeErrors(compiled.validate.errors).filter((e) => valueAt(args, e.path) !== REDACTED);
  if (found.length === 0) return;
  const errors = found.map((e) => `${e.path || "/"}: ${e.message}`).join("; ");
  throw new AppError("bad_request:arguments", `The edited arguments do not fit ${toolName}'s input schema: ${errors}`);
}

/** A waiting row this long past its time has no replica left to expire it (the one holding the agent stopped). */
const ABANDONED_AFTER_MS = 60_000;

/** Settles the rows whose agent's replica is gone, so nobody is left looking at a call that cannot go on. */
export async function expireAbandonedApprovals(): Promise<number> {
  let expired = 0;
  for (const row of await overdueApprovals(ABANDONED_AFTER_MS))
    if (await settleApproval(row.id, { status: "expired", decidedBy: null, decidedById: null })) expired++;
  return expired;
}

/** Looks for abandoned rows now and then, in every process (a conditional update: two processes never both settle one). */
export function scheduleApprovalSweep(): void {
  const timer = setInterval(() => void expireAbandonedApprovals().catch(() => undefined), ABANDONED_AFTER_MS);
  timer.unref();
}
