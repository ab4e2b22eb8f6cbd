import "server-only";
// A target's questions during an agent's call (elicitation, sampling), put to the agent: on a
// 2025 session Toolscope can ask its client in the middle of a call, as the target asked
// Toolscope, so the question reaches whoever the agent asks (its user, its model) and the
// answer goes back to the target. Only what the agent declared it can answer is put to it; the
// rest is declined, as for a script. (A 2026 agent can only be asked through input_required
// results, which the gateway does not return yet: its calls decline, as before.)
import type { ClientCapabilities, CreateMessageRequest, ElicitRequest } from "@modelcontextprotocol/server";
import type { UserAnswer, UserInputRequest } from "@/lib/mcp/user-input";

/** How to ask the agent, per kind it can answer; absent kinds are declined. */
export type AgentAsk = {
  elicitation?: (params: ElicitRequest["params"]) => Promise<{ action: UserAnswer["action"]; content?: Record<string, unknown> }>;
  sampling?: (params: CreateMessageRequest["params"]) => Promise<{ content: unknown }>;
};

/** The asks a 2025 session's client declared it can answer, through the request's own context. */
export function agentAsk(
  capabilities: ClientCapabilities | undefined,
  ask: {
    elicitInput: (params: ElicitRequest["params"]) => Promise<{ action: UserAnswer["action"]; content?: Record<string, unknown> }>;
    requestSampling: (params: CreateMessageRequest["params"]) => Promise<{ content: unknown }>;
  },
): AgentAsk | undefined {
  if (!capabilities || (!capabilities.elicitation && !capabilities.sampling)) return undefined;
  return {
    ...(capabilities.elicitation ? { elicitation: (params) => ask.elicitInput(params) } : {}),
    ...(capabilities.sampling ? { sampling: (params) => ask.requestSampling(params) } : {}),
  };
}

function textOf(content: unknown): string | undefined {
  const blocks = Array.isArray(content) ? content : [content];
  const texts = blocks.flatMap((block) =>
    block && typeof block === "object" && (block as { type?: unknown }).type === "text" ? [String((block as { text?: unknown }).text)] : [],
  );
  return texts.length ? texts.join("\n") : undefined;
}

/** The agent's answer to one of the target's questions, in the terms the target's request is answered in. */
export async function askAgent(ask: AgentAsk, input: UserInputRequest): Promise<UserAnswer> {
  try {
    if (input.kind === "elicitation" && ask.elicitation) {
      const answer = await ask.elicitation(input.params as ElicitRequest["params"]);
      return answer.action === "accept" ? { action: "accept", content: answer.content ?? {} } : { action: answer.action };
    }
    if (input.kind === "sampling" && ask.sampling) {
      // Toolscope answers a target's sampling with text (lib/mcp/server-requests.ts): an agent's image or audio is not passed on.
      const text = textOf((await ask.sampling(input.params as CreateMessageRequest["params"])).content);
      return text === undefined ? { action: "decline" } : { action: "accept", text };
    }
    return { action: "decline" };
  } catch {
    // The agent refused, failed or went away: the target hears a cancel, not an answer made up.
    return { action: "cancel" };
  }
}
