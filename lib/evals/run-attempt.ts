import "server-only";
// One attempt of one case by one model: the prompt sent with the case's tools, the model left to
// call them as it would in the playground (the same tools, the same pipeline: access, policy,
// approvals, the audit log, `via = eval:<model>`), then graded. The trace comes from the answer's
// own steps, so a call of a tool that does not exist, or with arguments that are not JSON, is in
// it too: the model did make it.
import { generateText, stepCountIs, type StepResult, type ToolSet } from "ai";
import type { Caller } from "@/lib/domain/roles";
import type { CallToolResult } from "@/lib/domain/mcp-types";
import { languageModel, pricedAs, withoutKeys } from "@/lib/models/providers";
import { appConfig } from "@/lib/config/env";
import { redactArguments } from "@/lib/domain/redact";
import { estimateCost } from "@/lib/models/prices";
import { OUTCOME_META } from "@/lib/gateway/agent-call";
import { viewFor } from "@/lib/gateway/tool-views";
import { MAX_STEPS, playgroundTools, type ObservedCall } from "@/lib/playground/chat";
import { grade, type GradedCall } from "./grade";
import type { EvalAttempt } from "@/lib/domain/eval-run-shapes";
import type { ResolvedCase } from "@/lib/domain/eval-suite-file";

const TEXT_MAX = 2_000;

function shortened(text: string): string {
  return text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text;
}

function resultText(result: CallToolResult): string {
  return (result.content ?? []).map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");
}

/** What became of a call the model made, from what the tools observed of it. */
function traced(name: string, input: unknown, observed: ObservedCall | undefined, failure: unknown): GradedCall {
  const base = { name, arguments: input, durationMs: observed?.durationMs ?? 0 };
  if (!observed) {
    // The SDK never ran it: a name no tool has, or arguments that are not the tool's.
    const message = failure instanceof Error ? failure.message : failure === undefined ? "Not run" : String(failure);
    return {
      ...base,
      outcome: /no such tool|unavailable tool/i.test(message) ? "unknown_tool" : "invalid_arguments",
      text: shortened(message),
    };
  }
  const target = observed.target ? { server: observed.target.serverId, tool: observed.target.tool } : {};
  if (observed.error !== undefined || !observed.answer)
    return { ...base, ...target, outcome: "protocol_error", text: shortened(withoutKeys(observed.error)) };
  const answer = observed.answer as CallToolResult;
  const outcome = answer._meta?.[OUTCOME_META];
  return {
    ...base,
    ...target,
    outcome: typeof outcome === "string" ? outcome : (observed.response?.status ?? (answer.isError ? "tool_error" : "ok")),
    text: shortened(resultText(answer)),
    ...(observed.response ? { auditId: observed.response.auditId, response: observed.response } : {}),
  };
}

function callsOf(steps: readonly StepResult<ToolSet>[], observed: ReadonlyMap<string, ObservedCall>): GradedCall[] {
  const calls: GradedCall[] = [];
  for (const step of steps) {
    const failures = new Map(step.content.flatMap((part) => (part.type === "tool-error" ? [[part.toolCallId, part.error] as const] : [])));
    for (const part of step.content) {
      if (part.type !== "tool-call") continue;
      calls.push(
        traced(part.toolName, part.input, observed.get(part.toolCallId), part.invalid ? part.error : failures.get(part.toolCallId)),
      );
    }
  }
  return calls;
}

/** The input schema the model was given for a tool (the AI SDK keeps it as `jsonSchema`). */
function schemaOf(tools: ToolSet, name: string): unknown {
  return (tools[name]?.inputSchema as { jsonSchema?: unknown } | undefined)?.jsonSchema;
}

export type AttemptInput = {
  caller: Caller;
  model: string;
  case: ResolvedCase;
  attempt: number;
  signal: AbortSignal;
  /** Nobody is there to approve a call that would wait for a person (`toolscope check`): it is refused at once. */
  unattended?: boolean | undefined;
};

export async function runAttempt(input: AttemptInput): Promise<EvalAttempt> {
  const { caller, model, case: c, signal } = input;
  const started = performance.now();
  const observed = new Map<string, ObservedCall>();
  let calls: GradedCall[] = [];
  let answer = "";
  let steps = 0;
  let usage = { inputTokens: 0, outputTokens: 0 };
  let error: string | null = null;
  let tools: ToolSet = {};
  try {
    const view = viewFor(c);
    tools = await playgroundTools(caller, model, view, signal, {
      via: { kind: "eval", model },
      client: `Toolscope evals (${model})`,
      onCall: (call) => observed.set(call.toolCallId, call),
      unattended: input.unattended,
    });
    if (Object.keys(tools).length === 0)
      throw new Error(`The model had no tools: ${view.path} offers none that ${caller.name} may call (is the server connected?).`);
    const result = await generateText({
      model: await languageModel(model, caller),
      prompt: c.prompt,
      ...(c.system ? { system: c.system } : {}),
      ...(c.temperature === undefined ? {} : { temperature: c.temperature }),
      tools,
      stopWhen: stepCountIs(MAX_STEPS),
      abortSignal: signal,
    });
    calls = callsOf(result.steps, observed);
    answer = result.text;
    steps = result.steps.length;
    usage = { inputTokens: result.totalUsage.inputTokens ?? 0, outputTokens: result.totalUsage.outputTokens ?? 0 };
  } catch (failure) {
    error = signal.aborted ? "The run was stopped." : withoutKeys(failure);
    // The calls made before the model failed were made all the same (and are audited).
    calls = [...observed.values()].map((call) => traced(call.name, call.arguments, call, undefined));
  }
  // Kept as the audit log keeps arguments, a secret field redacted; grading reads them whole.
  calls = calls.map((call) => ({
    ...call,
    shownArguments: redactArguments(call.arguments, schemaOf(tools, call.name), appConfig().audit.redactKeys),
  }));
  const expectations = error === null ? grade(c.expect, calls, answer) : [];
  return {
    case: c.name,
    model,
    attempt: input.attempt,
    passed: error === null && expectations.every((e) => e.passed),
    expectations,
    calls: calls.map(({ response: _response, shownArguments, ...call }) => ({ ...call, arguments: shownArguments })),
    answer: shortened(answer),
    steps,
    ...usage,
    costUsd: estimateCost(await pricedAs(model, caller), usage),
    durationMs: Math.round(performance.now() - started),
    error,
  };
}
