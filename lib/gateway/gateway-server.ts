import "server-only";
// The MCP server an agent talks to at /mcp, built by the official SDK: one instance per request
// on 2026-07-28 (stateless), one per session on the 2025 revisions. It lists the tools the person
// behind the agent may call (agent-tools.ts) and sends each call through the call pipeline
// (agent-call.ts), relaying progress and cancellation. A tool its target runs as a task may run
// as one: asked for by a 2025-11-25 session that declared tasks (agent-tasks-2025.ts), decided by
// the gateway for a 2026-07-28 request that declares the tasks extension (agent-tasks-2026.ts).
import {
  CLIENT_CAPABILITIES_META_KEY,
  LOG_LEVEL_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type ClientCapabilities,
  type Implementation,
  type LoggingLevel,
} from "@modelcontextprotocol/server";
import type { Caller } from "@/lib/domain/roles";
import { callAgentTool, type AgentCall } from "./agent-call";
import { serveTasks, TASKS_CAPABILITY } from "./agent-tasks-2025";
import { serveTasksExtension, TASKS_EXTENSION } from "./agent-tasks-2026";
import {
  agentPrompts,
  agentResources,
  agentResourceTemplates,
  completeForAgent,
  getAgentPrompt,
  readAgentResource,
  watchAgentResource,
} from "./agent-features";
import { agentAsk } from "./agent-questions";
import { roundCodec, type RoundState } from "./input-rounds";
import type { FeatureScope, ToolView } from "./tool-views";

export const GATEWAY_INFO = { name: "toolscope", title: "Toolscope", version: "0.1.0" } as const;

const INSTRUCTIONS =
  "Tools and prompts of the MCP servers in this Toolscope, each named {server id}__{name}, and their resources, " +
  "each at toolscope://{server id}/{the server's own URI}. " +
  "Every call is made as the person who authorized you, under their roles and the servers' policies, " +
  "and is recorded in Toolscope's audit log.";

/** Items per list page (tools, resources, templates, prompts): a large catalog (10,000 tools) is not one answer. */
export const PAGE_SIZE = 500;

/** What the front door hands each request's handlers, through the SDK's authInfo (gateway-http.ts). */
export type GatewayAuthExtra = { caller: Caller; requestEnded: AbortSignal };

export type GatewaySession = {
  /** The person behind the agent, as the front door identified them on the request being served. */
  caller: () => Caller;
  /** The client's name and version from the 2025 handshake, when the session had one. */
  clientInfo?: () => Implementation | undefined;
  /** The endpoint's tools: /mcp's, or a virtual server's. */
  view: ToolView;
  /** What the 2025 session's client declared it can answer (elicitation, sampling); absent on 2026. */
  clientCapabilities?: () => ClientCapabilities | undefined;
  /** A 2025 session: it may subscribe to resources, and is told of their changes on its stream. */
  subscriptions?: true;
  /** A 2026-07-28 request: its listen streams may name resources (listen-watches.ts). */
  listens?: true;
  /** A 2025-11-25 session whose client declared tasks: it is offered them (agent-tasks-2025.ts). */
  tasks?: boolean;
  /** A 2026-07-28 request: the server offers the tasks extension (agent-tasks-2026.ts). */
  tasksExtension?: true;
};

function cursorOf(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString("base64url");
}

function offsetOf(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return 0;
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { offset?: unknown };
    return Number.isSafeInteger(offset) && (offset as number) >= 0 ? (offset as number) : undefined;
  } catch {
    return undefined;
  }
}

/** One page of a list, from the cursor the last page gave. */
function pageOf<T>(items: T[], cursor: string | undefined): { page: T[]; nextCursor?: string } {
  const offset = offsetOf(cursor);
  if (offset === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor");
  const next = offset + PAGE_SIZE < items.length ? cursorOf(offset + PAGE_SIZE) : undefined;
  return { page: items.slice(offset, offset + PAGE_SIZE), ...(next ? { nextCursor: next } : {}) };
}

/** The agent's name and version: a 2026 request's own, else the 2025 session's handshake. */
function clientOf(session: GatewaySession, ctx: { mcpReq: { envelope?: unknown } }): string {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return clientLabel((envelope?.["io.modelcontextprotocol/clientInfo"] as Partial<Implementation> | undefined) ?? session.clientInfo?.());
}

export function clientLabel(info: Partial<Implementation> | undefined): string {
  const name = typeof info?.name === "string" && info.name.trim() ? info.name.trim() : "unknown client";
  return typeof info?.version === "string" && info.version.trim() ? `${name} ${info.version.trim()}` : name;
}

export function createGatewayServer(session: GatewaySession): Server {
  const codec = roundCodec();
  const server = new Server(GATEWAY_INFO, {
    // Logging: a target's log messages during a call are relayed to an agent that asked for them.
    capabilities: {
      tools: { listChanged: true },
      logging: {},
      ...(session.tasks ? { tasks: TASKS_CAPABILITY } : {}),
      ...(session.tasksExtension ? { extensions: TASKS_EXTENSION } : {}),
      ...(session.view.features
        ? {
            resources: { listChanged: true, ...(session.subscriptions || session.listens ? { subscribe: true } : {}) },
            prompts: { listChanged: true },
            completions: {},
          }
        : {}),
    },
    instructions: INSTRUCTIONS,
    // A round's requestState is checked before the handler runs: a forged, altered, expired or
    // someone else's state is answered -32602 "Invalid or expired requestState" (input-rounds.ts).
    requestState: { verify: (state, ctx) => codec.verify(state, ctx) },
  });

  // A 2025 session's level (logging/setLevel), kept here so that a call can ask its target for it;
  // a session that never set one is relayed no log messages.
  let sessionLogLevel: LoggingLevel | undefined;
  server.setRequestHandler("logging/setLevel", (request) => {
    sessionLogLevel = request.params.level;
    return {};
  });

  server.setRequestHandler("tools/list", async (request) => {
    const { page, nextCursor } = pageOf(await session.view.list(session.caller(), { tasks: session.tasks }), request.params?.cursor);
    return { tools: page, ...(nextCursor ? { nextCursor } : {}) };
  });
  if (session.view.features) serveFeatures(server, session, session.view.features);
  const tasks = session.tasks ? serveTasks(server, session.caller) : undefined;
  const tasksExtension = session.tasksExtension ? serveTasksExtension(server, session.caller) : undefined;

  server.setRequestHandler("tools/call", async (request, ctx) => {
    const progressToken = ctx.mcpReq._meta?.progressToken;
    const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
    const logLevel = envelope ? (envelope[LOG_LEVEL_META_KEY] as LoggingLevel | undefined) : sessionLogLevel;
    const call: AgentCall = {
      caller: session.caller(),
      client: clientOf(session, ctx),
      name: request.params.name,
      view: session.view,
      arguments: (request.params.arguments ?? {}) as Record<string, unknown>,
      meta: ctx.mcpReq._meta as Record<string, unknown> | undefined,
      signal: ctx.mcpReq.signal,
      requestEnded: (ctx.http?.authInfo?.extra as Partial<GatewayAuthExtra> | undefined)?.requestEnded,
      // A target's questions during the call go to a 2025 agent that can answer them, through this very request.
      ask: agentAsk(session.clientCapabilities?.(), {
        elicitInput: (params) => ctx.mcpReq.elicitInput(params, { signal: ctx.mcpReq.signal }),
        requestSampling: (params) => ctx.mcpReq.requestSampling(params, { signal: ctx.mcpReq.signal }),
      }),
      logs: logLevel && {
        level: logLevel,
        hear: (params) => void ctx.mcpReq.log(params.level, params.data, params.logger).catch(() => undefined),
      },
      // A 2026 request (it has an envelope) takes the target's input_required back as its own, round by round.
      rounds: envelope && {
        responses: ctx.mcpReq.inputResponses,
        state: ctx.mcpReq.requestState<RoundState>(),
        capabilities: (envelope[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ?? {},
        seal: (state) => codec.mint(state, ctx),
      },
      onprogress:
        progressToken === undefined
          ? undefined
          : (progress) =>
              void ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken, ...progress } }).catch(() => undefined),
    };
    // A session not offered tasks ignores `task`, as the spec has it: the call is a plain one.
    const task = tasks && request.params.task;
    if (task) return tasks.start(call, task.ttl, ctx);
    return tasksExtension ? tasksExtension(call, ctx) : callAgentTool(call);
  });
  return server;
}

/** Resources, prompts and completions of the servers the endpoint serves them of, that the person may use (agent-features.ts). */
function serveFeatures(server: Server, session: GatewaySession, features: () => Promise<FeatureScope>): void {
  // Read per request: a virtual server's definition may change under an open session.
  const asked = async (ctx: { mcpReq: { envelope?: unknown; signal: AbortSignal } }) => ({
    caller: session.caller(),
    client: clientOf(session, ctx),
    signal: ctx.mcpReq.signal,
    scope: await features(),
  });
  server.setRequestHandler("resources/list", async (request) => {
    const { page, nextCursor } = pageOf(await agentResources(session.caller(), await features()), request.params?.cursor);
    return { resources: page, ...(nextCursor ? { nextCursor } : {}) };
  });
  server.setRequestHandler("resources/templates/list", async (request) => {
    const { page, nextCursor } = pageOf(await agentResourceTemplates(session.caller(), await features()), request.params?.cursor);
    return { resourceTemplates: page, ...(nextCursor ? { nextCursor } : {}) };
  });
  server.setRequestHandler("resources/read", async (request, ctx) => readAgentResource({ ...(await asked(ctx)), uri: request.params.uri }));
  if (session.subscriptions) serveSubscriptions(server, session, features);
  server.setRequestHandler("prompts/list", async (request) => {
    const { page, nextCursor } = pageOf(await agentPrompts(session.caller(), await features()), request.params?.cursor);
    return { prompts: page, ...(nextCursor ? { nextCursor } : {}) };
  });
  server.setRequestHandler("prompts/get", async (request, ctx) =>
    getAgentPrompt({ ...(await asked(ctx)), name: request.params.name, arguments: request.params.arguments ?? {} }),
  );
  server.setRequestHandler("completion/complete", async (request, ctx) =>
    completeForAgent({
      ...(await asked(ctx)),
      ref: request.params.ref,
      argument: request.params.argument,
      ...(request.params.context ? { context: request.params.context } : {}),
    }),
  );
}

/** A 2025 session's resource subscriptions: each URI watched once, told by notifications/resources/updated, ended with the session. */
function serveSubscriptions(server: Server, session: GatewaySession, features: () => Promise<FeatureScope>): void {
  const watches = new Map<string, Promise<() => Promise<void>>>();
  const stop = (uri: string): Promise<void> => {
    const watch = watches.get(uri);
    watches.delete(uri);
    return watch ? watch.then((end) => end()).catch(() => undefined) : Promise.resolve();
  };
  server.setRequestHandler("resources/subscribe", async (request) => {
    const { uri } = request.params;
    if (watches.has(uri)) return {};
    const watch = features().then((scope) =>
      watchAgentResource(session.caller(), scope, uri, {
        updated: () => void server.sendResourceUpdated({ uri }).catch(() => undefined),
        ended: () => void watches.delete(uri),
      }),
    );
    watches.set(uri, watch);
    await watch.catch((error: unknown) => {
      watches.delete(uri);
      throw error;
    });
    return {};
  });
  server.setRequestHandler("resources/unsubscribe", async (request) => {
    await stop(request.params.uri);
    return {};
  });
  const closed = server.onclose;
  server.onclose = () => {
    closed?.();
    for (const uri of [...watches.keys()]) void stop(uri);
  };
}
