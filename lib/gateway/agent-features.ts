import "server-only";
// The resources and prompts an agent sees through /mcp: those of every server the person behind
// it may use, each mapped back to exactly one server, and each read, get and completion sent
// through the call pipeline (lib/calls/run-feature.ts) as the person, via the agent: the same
// access, limits and audit as from the UI.
//
// Names: a prompt is `{server}__{prompt}`, as a tool is. A resource's URI is wrapped as
// `toolscope://{server}/{the server's own URI}`: a URI has no room for a prefix the way a name
// does (a scheme of its own per server would break on ids a scheme may not hold), the server id
// as the authority is unambiguous (it ends at the first "/"), and the target's URI stays readable
// and whole after it, templates included, so an agent that expands `toolscope://demo/demo://
// weather/{city}` gets a URI Toolscope unwraps to the demo's own.
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { AppError } from "@/lib/errors";
import { can, type Caller } from "@/lib/domain/roles";
import type { CallVia } from "@/lib/domain/audit-via";
import type {
  CompleteResult,
  CompletionParams,
  FeatureResponse,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
} from "@/lib/domain/server-features";
import { listPromptCatalog, listResourceCatalog } from "@/lib/mcp/server-features";
import { hiddenServerIds } from "@/lib/mcp/server-access";
import type { ServerConnection } from "@/lib/mcp/connection";
import { complete, getPrompt, readResource } from "@/lib/calls/run-feature";
import { connectionFor } from "@/lib/mcp/pool";
import { watchResource } from "@/lib/mcp/resource-watch";
import { agentConnections, agentToolName, NAME_SEPARATOR } from "./agent-tools";
import type { FeatureScope } from "./tool-views";

const inScope = (scope: FeatureScope, serverId: string): boolean => scope === "all" || scope.has(serverId);

export const RESOURCE_PREFIX = "toolscope://";

export function agentResourceUri(serverId: string, uri: string): string {
  return `${RESOURCE_PREFIX}${serverId}/${uri}`;
}

/** The server and its own URI a wrapped URI stands for; undefined for a URI Toolscope did not hand out. */
export function targetOfResourceUri(uri: string): { serverId: string; uri: string } | undefined {
  if (!uri.startsWith(RESOURCE_PREFIX)) return undefined;
  const rest = uri.slice(RESOURCE_PREFIX.length);
  const slash = rest.indexOf("/");
  if (slash <= 0 || slash === rest.length - 1) return undefined;
  return { serverId: rest.slice(0, slash), uri: rest.slice(slash + 1) };
}

/** What a listing of each server holds, each server's failure left out of the whole (an agent lists the rest). */
async function eachServer<T>(caller: Caller, scope: FeatureScope, list: (connection: ServerConnection) => Promise<T[]>): Promise<T[]> {
  if (!can(caller, "catalog:read")) return [];
  const connections = (await agentConnections(caller)).filter((connection) => inScope(scope, connection.config.id));
  const lists = await Promise.all(connections.map((connection) => list(connection).catch(() => [] as T[])));
  return lists.flat();
}

export async function agentResources(caller: Caller, scope: FeatureScope = "all"): Promise<Resource[]> {
  return eachServer(caller, scope, async (connection) => {
    const serverId = connection.config.id;
    return (await listResourceCatalog(connection, "resources")).resources.map((resource) => ({
      ...resource,
      uri: agentResourceUri(serverId, resource.uri),
      name: agentToolName(serverId, resource.name),
    }));
  });
}

export async function agentResourceTemplates(caller: Caller, scope: FeatureScope = "all"): Promise<ResourceTemplate[]> {
  return eachServer(caller, scope, async (connection) => {
    const serverId = connection.config.id;
    return (await listResourceCatalog(connection, "templates")).templates.map((template) => ({
      ...template,
      uriTemplate: agentResourceUri(serverId, template.uriTemplate),
      name: agentToolName(serverId, template.name),
    }));
  });
}

export async function agentPrompts(caller: Caller, scope: FeatureScope = "all"): Promise<Prompt[]> {
  return eachServer(caller, scope, async (connection) =>
    (await listPromptCatalog(connection)).prompts.map((prompt) => ({ ...prompt, name: agentToolName(connection.config.id, prompt.name) })),
  );
}

/** The server a prompt's gateway name stands for: of the visible servers its name starts with, the one that has the prompt. */
async function resolvePrompt(caller: Caller, scope: FeatureScope, name: string): Promise<{ serverId: string; prompt: string }> {
  const candidates = (await agentConnections(caller)).filter(
    (c) => inScope(scope, c.config.id) && name.startsWith(c.config.id + NAME_SEPARATOR),
  );
  const owning =
    candidates.length <= 1
      ? candidates
      : (
          await Promise.all(
            candidates.map(async (c) => {
              const prompt = name.slice(c.config.id.length + NAME_SEPARATOR.length);
              const catalog = await listPromptCatalog(c).catch(() => null);
              return catalog?.prompts.some((p) => p.name === prompt) ? [c] : [];
            }),
          )
        ).flat();
  if (owning.length !== 1) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${name}`);
  const serverId = owning[0]!.config.id;
  return { serverId, prompt: name.slice(serverId.length + NAME_SEPARATOR.length) };
}

/** The server and URI a wrapped URI stands for, on a server this caller may use; else unknown, as a hidden server is. */
async function resolveResource(caller: Caller, scope: FeatureScope, uri: string): Promise<{ serverId: string; uri: string }> {
  const target = targetOfResourceUri(uri);
  const hidden = await hiddenServerIds(caller);
  if (!target || hidden.has(target.serverId) || !inScope(scope, target.serverId))
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown resource: ${uri} (Toolscope's resources are ${RESOURCE_PREFIX}{server}/{the server's URI}, of servers you may use)`,
    );
  return target;
}

/** A read, get or completion's answer in MCP's terms: the result, or the error as the target gave it. */
async function answered<R>(work: () => Promise<FeatureResponse<R>>): Promise<R> {
  let response: FeatureResponse<R>;
  try {
    response = await work();
  } catch (error) {
    // Not sent: no such server for this person, a capability it lacks, Toolscope at its limits.
    if (error instanceof AppError) {
      const code = error.status === 400 || error.status === 404 ? ProtocolErrorCode.InvalidParams : ProtocolErrorCode.InternalError;
      throw new ProtocolError(code, error.message);
    }
    throw error;
  }
  if (response.status === "ok" && response.result) return response.result;
  const data = { auditId: response.auditId, outcome: response.status };
  if (response.status === "protocol_error")
    throw new ProtocolError(response.error?.code ?? ProtocolErrorCode.InternalError, response.error?.message ?? "", {
      ...data,
      ...(response.error?.data === undefined ? {} : { target: response.error.data }),
    });
  throw new ProtocolError(
    ProtocolErrorCode.InternalError,
    response.error?.message ?? `The server's answer did not come (${response.status}).`,
    data,
  );
}

type AgentRequest = { caller: Caller; client: string; signal: AbortSignal; scope?: FeatureScope | undefined };

function mayUse(caller: Caller): void {
  // As from the UI: reading and getting send to the server, which takes the right to call tools.
  if (!can(caller, "tools:call"))
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      "Reading a resource, getting a prompt or completing an argument sends to the server, which this person's role or this token's scope does not allow.",
    );
}

const viaAgent = (client: string): CallVia => ({ kind: "agent", client });

export async function readAgentResource(request: AgentRequest & { uri: string }): Promise<ReadResourceResult> {
  mayUse(request.caller);
  const target = await resolveResource(request.caller, request.scope ?? "all", request.uri);
  const result = await answered(() =>
    readResource({
      serverId: target.serverId,
      uri: target.uri,
      caller: request.caller,
      signal: request.signal,
      via: viaAgent(request.client),
    }),
  );
  // The contents name the URIs the agent knows.
  return { ...result, contents: result.contents.map((content) => ({ ...content, uri: agentResourceUri(target.serverId, content.uri) })) };
}

export async function getAgentPrompt(
  request: AgentRequest & { name: string; arguments: Record<string, string> },
): Promise<GetPromptResult> {
  mayUse(request.caller);
  const target = await resolvePrompt(request.caller, request.scope ?? "all", request.name);
  return answered(() =>
    getPrompt({
      serverId: target.serverId,
      name: target.prompt,
      arguments: request.arguments,
      caller: request.caller,
      signal: request.signal,
      via: viaAgent(request.client),
    }),
  );
}

export async function completeForAgent(request: AgentRequest & CompletionParams): Promise<CompleteResult> {
  mayUse(request.caller);
  const { ref, argument, context } = request;
  let serverId: string;
  let targetRef: CompletionParams["ref"];
  if (ref.type === "ref/prompt") {
    const target = await resolvePrompt(request.caller, request.scope ?? "all", ref.name);
    serverId = target.serverId;
    targetRef = { ...ref, name: target.prompt };
  } else {
    const target = await resolveResource(request.caller, request.scope ?? "all", ref.uri);
    serverId = target.serverId;
    targetRef = { ...ref, uri: target.uri };
  }
  return answered(() =>
    complete({
      serverId,
      ref: targetRef,
      argument,
      ...(context ? { context } : {}),
      caller: request.caller,
      signal: request.signal,
      via: viaAgent(request.client),
    }),
  );
}

/**
 * Watches a resource for an agent (a 2025 session's resources/subscribe): the server is asked
 * through Toolscope's own watch of it (one subscription however many watch), and `updated` hears
 * each change. Watching sends nothing the log keeps; the agent's read again is a read, audited.
 */
export async function watchAgentResource(
  caller: Caller,
  scope: FeatureScope,
  uri: string,
  watcher: { updated: () => void; ended: () => void },
): Promise<() => Promise<void>> {
  mayUse(caller);
  const target = await resolveResource(caller, scope, uri);
  try {
    const client = await (await connectionFor(target.serverId, caller)).ready();
    return await watchResource(client, target.uri, { updated: () => watcher.updated(), ended: () => watcher.ended() });
  } catch (error) {
    if (error instanceof AppError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
    throw new ProtocolError(ProtocolErrorCode.InternalError, `The server did not take the subscription: ${String(error)}`);
  }
}
