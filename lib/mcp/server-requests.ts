import "server-only";
// What a server asks of Toolscope during a session: elicitation and sampling go to the person
// whose call is under way (user-input.ts; sampling with a model's draft when the server's config
// names one, sampling.ts), roots come from the server's config.
import { pathToFileURL } from "node:url";
import type { Client } from "@modelcontextprotocol/client";
import type { ServerConfig } from "@/lib/domain/server-config";
import { SHARED, type Principal } from "@/lib/oauth/oauth-store";
import { answerSampling } from "./sampling";
import { requestUserInput } from "./user-input";

export function answerServerRequests(client: Client, config: ServerConfig, principal: Principal): void {
  const serverId = config.id;
  // A person's own connection asks only that person.
  const owner = principal === SHARED ? undefined : principal;
  client.setRequestHandler("elicitation/create", async (request, ctx) => {
    const answer = await requestUserInput(serverId, "elicitation", request.params, ctx.mcpReq.signal, owner);
    if (answer === null) return { action: "decline" };
    if (!answer) return { action: "cancel" };
    return answer.action === "accept"
      ? { action: "accept", content: (answer.content ?? {}) as Record<string, string | number | boolean | string[]> }
      : { action: answer.action };
  });
  client.setRequestHandler("sampling/createMessage", (request, ctx) => answerSampling(config, request.params, ctx.mcpReq.signal, owner));
  client.setRequestHandler("roots/list", () => ({ roots: rootsOf(config) }));
}

/** The roots Toolscope offers: the config's, else a stdio server's working directory. */
function rootsOf(config: ServerConfig): { uri: string; name?: string }[] {
  if (config.roots) return config.roots;
  if (config.transport === "stdio" && config.cwd) return [{ uri: pathToFileURL(config.cwd).href, name: "Working directory" }];
  return [];
}
