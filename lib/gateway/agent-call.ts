import "server-only";
// An agent's tools/call through /mcp: resolved to one server and tool, sent through the same
// pipeline as every call (runCall: policy, definition pins, limits, the audit record with
// `via = agent:<client>`), and the outcome handed back in MCP's own terms, its three failure
// kinds kept apart:
//   - the tool ran (a result, `isError` or not): the target's result, as it sent it;
//   - the server refused or broke the protocol: a JSON-RPC error, the target's code and message;
//   - the call never completed, or Toolscope did not send it (policy, limits, a held definition,
//     a server that is down): a tool error saying so, for the model to read, with the outcome in
//     `_meta`, so a program can tell it from the tool's own.
import {
  CLIENT_CAPABILITIES_META_KEY,
  LOG_LEVEL_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type ClientCapabilities,
  type InputRequiredResult,
  type LoggingLevel,
} from "@modelcontextprotocol/server";
import { AppError } from "@/lib/errors";
import { CALL_OUTCOMES } from "@/lib/domain/outcomes";
import { logSeverity } from "@/lib/domain/log-levels";
import { can, type Caller } from "@/lib/domain/roles";
import type { InvocationResponse } from "@/lib/domain/mcp-types";
import type { CallVia } from "@/lib/domain/audit-via";
import type { CallOptions, ServerConnection } from "@/lib/mcp/connection";
import { runCall } from "@/lib/calls/run-call";
import { enforceToolPolicy } from "@/lib/calls/enforce-policy";
import { agentCallGate, continueApprovedCall, holdForApproval, linkApprovalToCall } from "@/lib/approvals/approvals";
import { approveInPerson } from "@/lib/approvals/in-person";
import { countAgentCall } from "@/lib/metrics/metrics";
import { ownerOf, ownersInFlight } from "@/lib/calls/in-flight";
import { withLogListener, type LogParams } from "@/lib/mcp/log-relay";
import { answerUserInput, withInteractor, type UserInputRequest } from "@/lib/mcp/user-input";
import { askAgent, type AgentAsk } from "./agent-questions";
import type { ToolView } from "./tool-views";
import { continuesRound, type RoundState } from "./input-rounds";
import { runsAsTask } from "./agent-tools";

import { APPROVAL_META, AUDIT_META, OUTCOME_META, REASON_META } from "@/lib/domain/result-meta";

export { APPROVAL_META, AUDIT_META, OUTCOME_META, REASON_META };

export type AgentCall = {
  caller: Caller;
  /** The client's name and version, as it gave them; "unknown client" when it gave none. */
  client: string;
  name: string;
  /** Which endpoint the agent called: /mcp, or a virtual server's. */
  view: ToolView;
  arguments: Record<string, unknown>;
  meta?: Record<string, unknown> | undefined;
  signal: AbortSignal;
  /**
   * Aborted when the HTTP request that carries the call ends before its answer (the agent hung
   * up). A 2025 session's stream could be resumed, so only a call waiting for a person, which
   * nobody would be left to receive, is withdrawn for it.
   */
  requestEnded?: AbortSignal | undefined;
  onprogress?: CallOptions["onprogress"] | undefined;
  /** How to put the target's questions to the agent, when it can answer them (agent-questions.ts). */
  ask?: AgentAsk | undefined;
  /** The agent asked for log messages from this level up (logging/setLevel on 2025, its logLevel on 2026): the target's are relayed. */
  logs?: { level: LoggingLevel; hear: (params: LogParams) => void } | undefined;
  /** A 2026-07-28 agent's call: the target's input_required goes back to it, round by round (input-rounds.ts). */
  rounds?: AgentRounds | undefined;
  /** Where the audit log says the call came from: `agent:<client>` unless given (the playground's model). */
  via?: CallVia | undefined;
  /**
   * The person the call is made for confirmed it in their own page before it was made (the
   * playground): where the policy counts them as its approver, that is the approval.
   */
  confirmedInPerson?: boolean | undefined;
  /** Nobody is there to approve a call that would wait for a person (`toolscope check`): it is refused at once. */
  unattended?: boolean | undefined;
  /** The agent asked for the call as a task (a 2025-11-25 session that offers tasks: agent-tasks.ts). */
  asTask?: boolean | undefined;
  /** Told the pipeline's whole answer and where the call went, when it was sent (an eval grades it). */
  onResponse?: ((response: InvocationResponse, target: { serverId: string; tool: string }) => void) | undefined;
};

export type AgentRounds = {
  /** The agent's answers to the round before, by the target's keys. */
  responses: Record<string, unknown> | undefined;
  /** The round before, from the requestState the agent echoed (verified by then); none on a first request. */
  state: RoundState | undefined;
  /** What the agent declared it can answer: the target is told these, not Toolscope's own. */
  capabilities: ClientCapabilities;
  /** Signs a round's state into the requestState the agent is to echo. */
  seal: (state: RoundState) => Promise<string>;
};

export type AgentAnswer = CallToolResult | InputRequiredResult;

const isRound = (answer: AgentAnswer): answer is InputRequiredResult => answer.resultType === "input_required";

function refused(message: string, outcome: string, extra: Record<string, string> = {}): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true, _meta: { [OUTCOME_META]: outcome, ...extra } };
}

/** One agent's tools/call, counted by what it got (toolscope_agent_calls_total). */
export async function callAgentTool(call: AgentCall): Promise<AgentAnswer> {
  // The label is a server the name resolved to, never the name as sent: an agent cannot make up new series.
  const resolved = { serverId: "" };
  try {
    const result = await answerAgentCall(call, resolved);
    const outcome = result._meta?.[OUTCOME_META];
    countAgentCall(
      resolved.serverId,
      isRound(result) ? "input_required" : typeof outcome === "string" ? outcome : result.isError ? "tool_error" : "ok",
    );
    return result;
  } catch (error) {
    countAgentCall(resolved.serverId, resolved.serverId ? "protocol_error" : "unknown_tool");
    throw error;
  }
}

/** A call the gateway will send: where, with what, why, and the approval it went ahead on. */
export type AdmittedCall = {
  connection: ServerConnection;
  toolName: string;
  args: Record<string, unknown>;
  reason: string | undefined;
  approvalId: string | undefined;
  progress: ReturnType<typeof relayProgress>;
};

/**
 * Everything before a call is sent, the same for a plain call and a task: the tool resolved, a
 * round's state checked, and the person's approval waited for when the policy asks for one. A
 * call Toolscope will not send is the answer instead (a tool error saying why).
 */
export async function admitAgentCall(
  call: AgentCall,
  resolved: { serverId: string } = { serverId: "" },
): Promise<AdmittedCall | { answer: CallToolResult }> {
  if (!can(call.caller, "tools:call"))
    return {
      answer: refused(
        `${call.caller.name} may not call tools through Toolscope (a viewer, or a token without the "call" scope).`,
        "forbidden",
      ),
    };
  const target = await call.view.resolve(call.caller, call.name);
  // An unknown tool is the agent's mistake about the protocol, not a tool's failure (the spec's own example).
  if (!target) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${call.name}`);
  const { connection, toolName } = target;
  resolved.serverId = connection.config.id;
  // The spec's answer to a task asked of a tool that does not run as one, before anyone is asked to approve it.
  if (call.asTask && !runsAsTask(connection, connection.findTool(toolName)))
    throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `${call.name} does not run as a task.`);
  const given = typeof call.meta?.[REASON_META] === "string" ? (call.meta[REASON_META] as string) : undefined;
  const round = call.rounds?.state;
  if (round && !continuesRound(round, call.name, call.arguments))
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      "This requestState belongs to another call: send the tool name and arguments of the request that received it.",
    );
  // A virtual server's pinned arguments win over whatever the agent sent for them; a round goes on with what its first was sent.
  const args = round?.sent ?? (target.pinned ? { ...call.arguments, ...target.pinned } : call.arguments);
  const progress = relayProgress(call.onprogress);
  const admitted: AdmittedCall = {
    connection,
    toolName,
    args,
    reason: round?.approval?.reason ?? given,
    approvalId: round?.approval?.id,
    progress,
  };
  try {
    if (round?.approval && !(await continueApprovedCall(round.approval.id, round.approval.round)))
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "This requestState was already used: an approved call goes on once per round of input. Call the tool again without it to start over.",
      );
    const gate = round?.approval ? ({ wait: false } as const) : await agentCallGate(connection, toolName);
    if (!gate.wait) return admitted;
    if (call.unattended)
      return { answer: refused(`${gate.because} Nobody is there to approve it, so Toolscope did not send the call.`, "denied") };
    // A call the pipeline would refuse anyway (the caller's role, a held definition) is refused
    // now, not put before a person first; a reason the policy asks for is the approval itself.
    // runCall checks again after the wait: the policy may have changed meanwhile. A call that
    // does not wait is checked once, there.
    await enforceToolPolicy(connection, { toolName, caller: call.caller, reason: given ?? "approval" });
    const heldCall = {
      connection,
      toolName,
      arguments: args,
      caller: call.caller,
      // As the approver knows the agent: the name it connects with and, when the person
      // authorized it by OAuth, the name it registered under, which their consent page showed.
      client:
        call.caller.authMethod === "oauth" && call.caller.tokenName && call.caller.tokenName !== call.client
          ? `${call.client} (authorized as “${call.caller.tokenName}”)`
          : call.client,
      gate,
    };
    const held =
      (call.confirmedInPerson ? await approveInPerson(heldCall) : null) ??
      (await holdForApproval({
        ...heldCall,
        signal: call.requestEnded ? AbortSignal.any([call.signal, call.requestEnded]) : call.signal,
        onTick: (waited) => progress.waiting(waited),
      }));
    if (!held.approved) return { answer: refused(held.message, held.outcome, { [APPROVAL_META]: held.approvalId }) };
    return {
      ...admitted,
      args: held.arguments,
      reason: given ?? `Approved by ${held.decidedBy} (approval ${held.approvalId})`,
      approvalId: held.approvalId,
    };
  } catch (error) {
    if (error instanceof AppError) return { answer: notSent(error) };
    throw error;
  }
}

/** A call Toolscope refused to send, said so for the model to read. */
export function notSent(error: AppError): CallToolResult {
  return refused(`Toolscope did not send the call: ${error.message}`, error.code);
}

async function answerAgentCall(call: AgentCall, resolved: { serverId: string }): Promise<AgentAnswer> {
  const admitted = await admitAgentCall(call, resolved);
  if ("answer" in admitted) return admitted.answer;
  const { connection, toolName, args, reason, approvalId, progress } = admitted;
  const round = call.rounds?.state;
  try {
    const run = () =>
      runCall({
        serverId: connection.config.id,
        toolName,
        arguments: args,
        meta: forwardedMeta(call.meta, connection.protocolVersion(), call.rounds?.capabilities, call.logs?.level),
        reason,
        caller: call.caller,
        via: call.via ?? { kind: "agent", client: call.client },
        signal: call.signal,
        onprogress: progress.relay,
        ...(call.rounds ? { inputRound: { responses: call.rounds.responses, requestState: round?.target } } : {}),
      });
    const response = await withTheAgentListening(call, connection, run);
    call.onResponse?.(response, { serverId: connection.config.id, tool: toolName });
    if (approvalId) await linkApprovalToCall(approvalId, response.auditId);
    if (response.status === "input_required" && call.rounds) {
      const asked = response.raw as InputRequiredResult;
      const requestState = await call.rounds.seal({
        name: call.name,
        asked: call.arguments,
        ...(args === call.arguments ? {} : { sent: args }),
        ...(approvalId ? { approval: { id: approvalId, reason: reason ?? "", round: (round?.approval?.round ?? -1) + 1 } } : {}),
        ...(asked.requestState === undefined ? {} : { target: asked.requestState }),
      });
      const meta = { [AUDIT_META]: response.auditId, ...(approvalId ? { [APPROVAL_META]: approvalId } : {}) };
      return {
        resultType: "input_required",
        ...(asked.inputRequests ? { inputRequests: asked.inputRequests } : {}),
        requestState,
        _meta: meta,
      };
    }
    const answer = answerOf(response, connection.config.name);
    return approvalId ? { ...answer, _meta: { ...answer._meta, [APPROVAL_META]: approvalId } } : answer;
  } catch (error) {
    if (error instanceof AppError) return notSent(error);
    throw error;
  }
}

/**
 * Runs the call with what the target sends the agent on the way: its questions (2025 sessions that
 * can answer them, agent-questions.ts) and its log messages (when the agent asked for them).
 */
async function withTheAgentListening(
  call: AgentCall,
  connection: ServerConnection,
  run: () => Promise<InvocationResponse>,
): Promise<InvocationResponse> {
  const { ask, logs } = call;
  const answerer = ownerOf(call.caller);
  const serverId = connection.config.id;
  const heard = logs
    ? () =>
        withLogListener(
          serverId,
          connection.principal,
          {
            owner: answerer,
            mayHear: () => [...ownersInFlight(serverId)].every((owner) => owner === answerer),
            hear: (params) => void (logSeverity(params.level) >= logSeverity(logs.level) && logs.hear(params)),
          },
          run,
        )
    : run;
  if (!ask) return heard();
  const interactor = (input: UserInputRequest) =>
    void askAgent(ask, input).then((answer) => answerUserInput(input.serverId, input.id, answer, answerer));
  return withInteractor(serverId, interactor, heard, call.caller.userId, answerer);
}

/**
 * Progress as the agent sees it: while the call waits for a person, a notification every few
 * seconds (its progress the seconds waited, so the agent's client keeps its request open), then
 * the target's own, counted on from there (progress must only ever increase).
 */
function relayProgress(onprogress: CallOptions["onprogress"] | undefined): {
  waiting: (seconds: number) => void;
  relay: CallOptions["onprogress"] | undefined;
} {
  let offset = 0;
  return {
    waiting: (seconds) => {
      offset = seconds;
      onprogress?.({ progress: seconds, message: `Waiting for a person to approve the call (${seconds} s)` });
    },
    relay:
      onprogress &&
      ((p) => onprogress({ ...p, progress: offset + p.progress, ...(p.total === undefined ? {} : { total: offset + p.total }) })),
  };
}

/**
 * The agent's `_meta` minus what is the gateway's own business (its progress token: Toolscope
 * sends its own; the reason). A 2026 agent's capabilities go to a 2026 target in place of
 * Toolscope's: it is the agent that answers the target's input requests, so the target asks only
 * what the agent can answer, and refuses (-32021) a tool the agent lacks a capability for. The
 * level the agent wants logs at goes too.
 */
export function forwardedMeta(
  meta: Record<string, unknown> | undefined,
  targetVersion: string | null,
  capabilities: ClientCapabilities | undefined,
  logLevel: LoggingLevel | undefined,
): Record<string, unknown> | undefined {
  const { progressToken: _progressToken, [REASON_META]: _reason, ...rest } = meta ?? {};
  if ((targetVersion ?? "") >= "2026-07-28") {
    if (capabilities) rest[CLIENT_CAPABILITIES_META_KEY] = capabilities;
    // A 2026 target logs only for a request that names a level: the agent's (a 2025 target logs to Toolscope's session anyway).
    if (logLevel) rest[LOG_LEVEL_META_KEY] = logLevel;
  }
  return Object.keys(rest).length ? rest : undefined;
}

/**
 * The target's result `_meta` without the protocol's reserved keys (`io.modelcontextprotocol/*`,
 * such as serverInfo): on /mcp the server is Toolscope, and the SDK adds its own.
 */
function ownMeta(meta: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(meta ?? {}).filter(([key]) => !key.startsWith("io.modelcontextprotocol/")));
}

export function answerOf(response: InvocationResponse, serverName: string): CallToolResult {
  const { status, auditId } = response;
  if ((status === "ok" || status === "tool_error") && response.result) {
    const result = response.result as CallToolResult;
    return { ...result, _meta: { ...ownMeta(result._meta), [AUDIT_META]: auditId } };
  }
  if (status === "protocol_error")
    throw new ProtocolError(response.error?.code ?? ProtocolErrorCode.InternalError, response.error?.message ?? "", response.error?.data);
  if (status === "malformed_result") {
    const problems = (response.problems ?? []).map((p) => `${p.path}: ${p.reason}`).join("; ");
    throw new ProtocolError(ProtocolErrorCode.InternalError, `${serverName} answered with a result that breaks the protocol: ${problems}`, {
      auditId,
    });
  }
  const label = status === "interrupted" ? "Interrupted" : CALL_OUTCOMES[status].label;
  const why = response.error?.message ? `: ${response.error.message}` : "";
  return refused(`${label} (${serverName})${why}`, status, { [AUDIT_META]: auditId });
}
