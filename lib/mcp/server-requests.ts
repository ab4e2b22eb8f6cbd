import "server-only";
// What a server asks of Toolscope during a session: elicitation (a form, or a URL to open) and
// sampling go to the person whose call is under way (user-input.ts; sampling with a model's draft
// when the server's config names one, sampling.ts), roots come from the server's config. A
// 2025-11-25 server may ask for elicitation and sampling as tasks it then polls: the same answers,
// kept as tasks by the MCP Tasks extension's receiver.
import { pathToFileURL } from "node:url";
import type { Client, ElicitRequest, ElicitResult } from "@modelcontextprotocol/client";
import { bindTaskReceiver } from "@modelcontextprotocol/ext-tasks/receiver";
import type { ServerConfig } from "@/lib/domain/server-config";
import { SHARED, type Principal } from "@/lib/oauth/oauth-store";
import { answerSampling } from "./sampling";
import { requestUserInput } from "./user-input";

/** What Toolscope offers every server it asks for elicitation: both modes, a form and a URL to open. */
export const ELICITATION_CAPABILITY = { form: {}, url: {} };

/** How long a task a server asked Toolscope to run (a person's answer) is kept once created. */
const RECEIVED_TASK_TTL_MS = 10 * 60_000;

export function answerServerRequests(client: Client, config: ServerConfig, principal: Principal): void {
  const serverId = config.id;
  // A person's own connection asks only that person.
  const owner = principal === SHARED ? undefined : principal;
  const elicit = async (params: ElicitRequest["params"], signal: AbortSignal): Promise<ElicitResult> => {
    const answer = await requestUserInput(serverId, "elicitation", params, signal, owner);
    if (answer === null) return { action: "decline" };
    if (!answer) return { action: "cancel" };
    if (answer.action !== "accept") return { action: answer.action };
    // A URL is opened by the person, out of band: accepting sends nothing back but consent.
    if ((params as { mode?: string }).mode === "url") return { action: "accept" };
    return { action: "accept", content: (answer.content ?? {}) as Record<string, string | number | boolean | string[]> };
  };
  client.setRequestHandler("elicitation/create", (request, ctx) => elicit(request.params, ctx.mcpReq.signal));
  client.setRequestHandler("sampling/createMessage", (request, ctx) => answerSampling(config, request.params, ctx.mcpReq.signal, owner));
  client.setRequestHandler("roots/list", () => ({ roots: rootsOf(config) }));
  const receiver = bindTaskReceiver(client, {
    methods: { "elicitation/create": true, "sampling/createMessage": true },
    elicitation: async (request, { signal }) => (await elicit(request.params as ElicitRequest["params"], signal)) as never,
    sampling: async (request, { signal }) =>
      (await answerSampling(config, request.params as Parameters<typeof answerSampling>[1], signal, owner)) as never,
    ttlMs: RECEIVED_TASK_TTL_MS,
    pollIntervalMs: 1_000,
  });
  client.registerCapabilities({ tasks: { ...receiver.capabilities } });
}

/** The roots Toolscope offers: the config's, else a stdio server's working directory. */
function rootsOf(config: ServerConfig): { uri: string; name?: string }[] {
  if (config.roots) return config.roots;
  if (config.transport === "stdio" && config.cwd) return [{ uri: pathToFileURL(config.cwd).href, name: "Working directory" }];
  return [];
}
