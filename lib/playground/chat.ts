import "server-only";
// A person's chat with a model about the servers' tools. The model sees the tools exactly as the
// person's agent on /mcp would (a ToolView of lib/gateway: the same names, visibility, policy and
// held definitions), and every call it makes goes through callAgentTool: the approval gate, then
// the pipeline, audited as the person's call `via = playground:<provider/model>`. A person who may
// call nothing (a viewer) gives the model no tools at all.
import { jsonSchema, stepCountIs, streamText, tool, type JSONSchema7, type ModelMessage, type ToolResultPart, type ToolSet } from "ai";
import type { Caller } from "@/lib/domain/roles";
import type { CallToolResult, InvocationResponse } from "@/lib/domain/mcp-types";
import type { CallVia } from "@/lib/domain/audit-via";
import { blockText } from "@/lib/models/block-text";
import { languageModel, withoutKeys } from "@/lib/models/providers";
import { callAgentTool, type AgentAnswer } from "@/lib/gateway/agent-call";
import { agentCallGate } from "@/lib/approvals/approvals";
import { secretKeyFor } from "@/lib/crypto/secret-box";
import { WHOLE_VIEW, type ToolView } from "@/lib/gateway/tool-views";
import { APP_META, DURATION_META, type AppMeta } from "@/lib/domain/result-meta";
import { toolUi } from "@/lib/domain/app-ui";
import { connectionFor } from "@/lib/mcp/pool";

/** Model steps in one turn (each a model's answer, with the tool calls it made): a loop is cut off there. */
export const MAX_STEPS = 10;

export type ChatTurn = {
  caller: Caller;
  /** `provider/model` (lib/models/providers.ts). */
  model: string;
  messages: ModelMessage[];
  system?: string | undefined;
  temperature?: number | undefined;
  /** The tools of /mcp (the default) or of one virtual server. */
  view?: ToolView | undefined;
  /** The tools, when the caller has them already (playgroundTools). */
  tools?: ToolSet | undefined;
  signal: AbortSignal;
};

/** A tool's answer as the model reads it: its text, its structured content when it has no text, an error as an error. */
export function modelOutput(answer: AgentAnswer): ToolResultPart["output"] {
  if ("resultType" in answer && answer.resultType === "input_required")
    return { type: "error-text", value: "The tool asked for more input, which the playground cannot give." };
  const result = answer as CallToolResult;
  const text = (result.content ?? []).map(blockText).join("\n");
  if (result.isError === true) return { type: "error-text", value: text || "The tool reported an error." };
  if (!text && result.structuredContent !== undefined) return { type: "json", value: result.structuredContent as never };
  return { type: "text", value: text };
}

/** A tool call the model made, as an observer of the tools is told of it once it has an answer (or failed). */
export type ObservedCall = {
  /** The model's id of the call, as the answer's steps name it. */
  toolCallId: string;
  name: string;
  arguments: Record<string, unknown>;
  answer?: AgentAnswer | undefined;
  /** Thrown instead of an answer: a name no tool has, arguments the server refused as a protocol error. */
  error?: unknown;
  /** The pipeline's whole answer and the tool it went to, when the call was sent. */
  response?: InvocationResponse | undefined;
  target?: { serverId: string; tool: string } | undefined;
  durationMs: number;
};

export type ToolOptions = {
  /** Where the audit log says the calls came from: the playground's model unless given. */
  via?: CallVia | undefined;
  /** How an approver sees the caller. */
  client?: string | undefined;
  onCall?: ((call: ObservedCall) => void) | undefined;
  /** Nobody is there to approve a call that would wait for a person: it is refused at once. */
  unattended?: boolean | undefined;
  /**
   * Ask the person in their page before a call the policy holds (the AI SDK's tool approval): the
   * turn stops there, and goes on with their answer. Their confirmation is the approval where the
   * policy counts them as an approver; otherwise the call then waits for one who is.
   */
  askInPerson?: boolean | undefined;
};

/**
 * What the page shows beside a result: how long the call took, and, for a tool with an MCP App,
 * which app to draw with it. The model reads only the result's content (modelOutput).
 */
async function forThePage(answer: AgentAnswer, target: ObservedCall["target"], durationMs: number): Promise<AgentAnswer> {
  if (answer.resultType === "input_required") return answer;
  const definition = target && (await connectionFor(target.serverId)).findTool(target.tool);
  const ui = definition && toolUi(definition);
  const app: AppMeta | undefined = target && ui ? { serverId: target.serverId, tool: target.tool, resourceUri: ui.resourceUri } : undefined;
  return { ...answer, _meta: { ...answer._meta, [DURATION_META]: durationMs, ...(app ? { [APP_META]: app } : {}) } };
}

/** The caller's tools as AI SDK tools, each call made through the gateway's path. */
export async function playgroundTools(
  caller: Caller,
  model: string,
  view: ToolView,
  signal: AbortSignal,
  options: ToolOptions = {},
): Promise<ToolSet> {
  const listed = await view.list(caller);
  // The calls this request did not ask the person about: one it runs without asking was not confirmed.
  const notAsked = new Set<string>();
  const needsApproval = async (name: string, toolCallId: string): Promise<boolean> => {
    const target = await view.resolve(caller, name);
    const wait = target ? (await agentCallGate(target.connection, target.toolName)).wait : false;
    if (!wait) notAsked.add(toolCallId);
    return wait;
  };
  const execute = async (
    name: string,
    args: Record<string, unknown>,
    { toolCallId, abortSignal }: { toolCallId: string; abortSignal?: AbortSignal | undefined },
  ): Promise<AgentAnswer> => {
    const started = performance.now();
    const seen: Pick<ObservedCall, "response" | "target"> = {};
    const observe = (outcome: Pick<ObservedCall, "answer" | "error">) =>
      options.onCall?.({ toolCallId, name, arguments: args, ...outcome, ...seen, durationMs: Math.round(performance.now() - started) });
    try {
      const answer = await callAgentTool({
        caller,
        client: options.client ?? `Toolscope playground (${model})`,
        name,
        view,
        arguments: args,
        signal: abortSignal ?? signal,
        via: options.via ?? { kind: "playground", model },
        unattended: options.unattended,
        confirmedInPerson: options.askInPerson === true && !notAsked.has(toolCallId),
        onResponse: (response, target) => Object.assign(seen, { response, target }),
      });
      observe({ answer });
      return await forThePage(answer, seen.target, Math.round(performance.now() - started));
    } catch (error) {
      observe({ error });
      throw error;
    }
  };
  return Object.fromEntries(
    listed.map((definition) => [
      definition.name,
      tool({
        ...(definition.description === undefined ? {} : { description: definition.description }),
        inputSchema: jsonSchema<Record<string, unknown>>(definition.inputSchema as JSONSchema7),
        execute: (args, callOptions) => execute(definition.name, args, callOptions),
        ...(options.askInPerson
          ? { needsApproval: (_args: unknown, { toolCallId }: { toolCallId: string }) => needsApproval(definition.name, toolCallId) }
          : {}),
        toModelOutput: ({ output }) => modelOutput(output),
      }),
    ]),
  );
}

/** One turn: the model answers the conversation, calling tools as it goes, streamed. */
export async function chatTurn(turn: ChatTurn) {
  const model = await languageModel(turn.model, turn.caller);
  const tools = turn.tools ?? (await playgroundTools(turn.caller, turn.model, turn.view ?? WHOLE_VIEW, turn.signal, { askInPerson: true }));
  return streamText({
    model,
    messages: turn.messages,
    ...(turn.system ? { system: turn.system } : {}),
    ...(turn.temperature === undefined ? {} : { temperature: turn.temperature }),
    tools,
    stopWhen: stepCountIs(MAX_STEPS),
    abortSignal: turn.signal,
    // An approval the page sends back must be one this Toolscope asked for, of that very call.
    experimental_toolApprovalSecret: secretKeyFor("playground tool approvals v1"),
    // The SDK's own handler logs the error whole, and a provider's error may quote the key.
    onError: ({ error }) => console.error(`[toolscope] the playground's model ${turn.model} failed: ${withoutKeys(error)}`),
  });
}
