import "server-only";
// /mcp over Streamable HTTP. The front door has already guarded the request (host, origin: the
// spec's DNS-rebinding defence) and identified the person behind the agent; this serves the
// protocol. 2026-07-28 requests go to the SDK's per-request handler (stateless: any replica
// answers any request); 2025-06-18 and 2025-11-25 clients get a session of their own, so that
// they too hear list_changed on their GET stream. A session belongs to the person who opened it:
// anyone else presenting its id is told it does not exist.
import { randomUUID } from "node:crypto";
import type http from "node:http";
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
  type McpHandlerRequestOptions,
  type Server,
} from "@modelcontextprotocol/server";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { appConfig } from "@/lib/config/env";
import type { Caller } from "@/lib/domain/roles";
import { processWide } from "@/lib/process-wide";
import { clientLabel, createGatewayServer, type GatewayAuthExtra } from "./gateway-server";
import { onAgentListsChanged, onAgentToolsChanged } from "./tool-changes";
import { paramHeaderRefusal } from "./param-headers";
import { virtualView, WHOLE_VIEW, type ToolView } from "./tool-views";
import { virtualServers } from "./virtual-store";
import { identityOf } from "./input-rounds";
import { offersTasks } from "./agent-tasks-2025";
import { endingWith, watchesForListen } from "./listen-watches";
import { SessionEvents } from "./session-events";
import { agentCredentialsStand } from "@/lib/auth/agent-credentials";

/** A session nobody has used for this long is closed; its client starts a new one with its next request. */
export const SESSION_IDLE_MS = 60 * 60_000;
/** Sessions kept at most; past it, the longest idle is closed. */
const MAX_SESSIONS = 2_000;

type Session = {
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  /** The endpoint it was opened on: a session is not carried over to another. */
  path: string;
  identity: string;
  caller: Caller;
  lastSeen: number;
};

type Gateway = {
  node: (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>;
  sessions: Map<string, Session>;
  close: () => Promise<void>;
};

function callerOf(options: McpHandlerRequestOptions | undefined): Caller {
  const caller = (options?.authInfo?.extra as Partial<GatewayAuthExtra> | undefined)?.caller;
  if (!caller) throw new Error("The gateway was reached without a caller: the front door identifies every request.");
  return caller;
}

/**
 * The tools a request may see: the virtual server its path names (/mcp/{name}), or every tool
 * for /mcp itself. A request the SDK did not hand over is refused rather than guessed at: a
 * guess of /mcp would widen a virtual server's agent to every tool.
 */
function viewOf(request: Request | undefined): ToolView {
  if (!request) throw new Error("The gateway was reached without its request: which endpoint it is for is unknown.");
  const name = virtualNameOf(request);
  return name === undefined ? WHOLE_VIEW : virtualView(name);
}

/** The virtual server a request is for (/mcp/{name}), or undefined for /mcp itself. */
function virtualNameOf(request: Request): string | undefined {
  const path = new URL(request.url).pathname;
  return path.startsWith("/mcp/") ? path.slice("/mcp/".length) : undefined;
}

/**
 * Whether the client reads the 2025-11-25 priming event (an event id with empty data, which
 * makes a stream resumable). The AI SDK's MCP client (ai-sdk/2.0.99 and before) fails to parse
 * it and reports an error for each stream, so its sessions get no priming, and so no resuming.
 */
function readsPrimingEvents(request: Request): boolean {
  return !/\bai-sdk\//.test(request.headers.get("user-agent") ?? "");
}

function jsonRpcError(status: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", id: null, error: { code: -32000, message } }, { status });
}

function createGateway(): Gateway {
  const maxRequestBodySize = appConfig().limits.maxBodyBytes;
  const modern = createMcpHandler(
    ({ authInfo, requestInfo }) =>
      createGatewayServer({ caller: () => callerOf({ authInfo }), view: viewOf(requestInfo), listens: true, tasksExtension: true }),
    {
      legacy: "reject",
      maxRequestBodySize,
    },
  );
  const sessions = new Map<string, Session>();

  const openSession = async (request: Request, caller: Caller, authInfo: AuthInfo | undefined): Promise<Response> => {
    const view = viewOf(request);
    const session: Partial<Session> = { identity: identityOf(caller), caller, lastSeen: Date.now(), path: view.path };
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      // A stream that breaks can be resumed (Last-Event-ID); the client is told to try again after a second.
      ...(readsPrimingEvents(request) ? { eventStore: new SessionEvents() } : {}),
      retryInterval: 1_000,
      onsessioninitialized: (id) => {
        sessions.set(id, session as Session);
        evictOverflow();
      },
      onsessionclosed: (id) => void sessions.delete(id),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    // What the server declares is fixed before it reads the initialize request, so that request's
    // params are read here: tasks are offered to a client that declared them (agent-tasks-2025.ts).
    const hello = (await request
      .clone()
      .json()
      .catch(() => undefined)) as { params?: Parameters<typeof offersTasks>[0] } | undefined;
    const server = createGatewayServer({
      caller: () => session.caller!,
      clientInfo: () => server.getClientVersion(),
      clientCapabilities: () => server.getClientCapabilities(),
      view,
      subscriptions: true,
      tasks: offersTasks(hello?.params),
    });
    Object.assign(session, { transport, server });
    await server.connect(transport);
    return transport.handleRequest(request, authInfo ? { authInfo } : undefined);
  };

  const legacy = async (request: Request, caller: Caller, authInfo: AuthInfo | undefined): Promise<Response> => {
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.identity !== identityOf(caller) || session.path !== new URL(request.url).pathname)
        return jsonRpcError(404, "Unknown or expired session");
      // The person's current roles and access, not those they had when the session opened.
      session.caller = caller;
      session.lastSeen = Date.now();
      // A session has one stream of its own (GET): a client that opens it again (the AI SDK's does,
      // once after initialize and once after initialized) is given the new one, and the old ends,
      // rather than a 409 for the second.
      if (request.method === "GET" && !request.headers.has("last-event-id")) session.transport.closeStandaloneSSEStream();
      return session.transport.handleRequest(request, authInfo ? { authInfo } : undefined);
    }
    // A GET with no session asks for a stream Toolscope does not offer outside a session: 405, as the
    // spec has it, which clients (the AI SDK's, for one) take as "no stream here" rather than an error.
    if (request.method === "GET") return new Response(null, { status: 405, headers: { allow: "POST" } });
    if (request.method !== "POST") return jsonRpcError(400, "A session id is required");
    return openSession(request, caller, authInfo);
  };

  const evictOverflow = (): void => {
    if (sessions.size <= MAX_SESSIONS) return;
    const idlest = [...sessions.entries()].sort(([, a], [, b]) => a.lastSeen - b.lastSeen)[0];
    if (idlest) void idlest[1].transport.close();
  };
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const session of sessions.values()) if (now - session.lastSeen > SESSION_IDLE_MS) void session.transport.close();
  }, 60_000);
  sweeper.unref();

  const stopWatching = onAgentToolsChanged(() => {
    modern.notify.toolsChanged();
    for (const session of sessions.values()) void session.server.sendToolListChanged().catch(() => undefined);
  });
  // Every endpoint declares resources and prompts (a virtual server serves those of the servers it names).
  const stopWatchingLists = onAgentListsChanged((list) => {
    if (list === "resources") modern.notify.resourcesChanged();
    else modern.notify.promptsChanged();
    for (const session of sessions.values()) {
      const told = list === "resources" ? session.server.sendResourceListChanged() : session.server.sendPromptListChanged();
      void told.catch(() => undefined);
    }
  });

  const fetch = async (request: Request, options?: McpHandlerRequestOptions): Promise<Response> => {
    const caller = callerOf(options);
    const name = virtualNameOf(request);
    if (name !== undefined && !(await virtualServers()).has(name)) return jsonRpcError(404, `There is no virtual server "${name}".`);
    // A 2026-07-28 request names its revision in a header: no need to read its body twice to route it.
    const modernHeader = (request.headers.get("mcp-protocol-version") ?? "") >= "2026-07-28" && !request.headers.has("mcp-session-id");
    if (modernHeader || !(await isLegacyRequest(request, undefined, { maxRequestBodySize }))) {
      const refusal = await paramHeaderRefusal(request, caller, viewOf(request));
      if (refusal) return refusal;
      // A listen stream that names resources: they are watched at their servers while it is open.
      const listening = await watchesForListen(request, caller, viewOf(request), (uri) =>
        modern.bus.publish({ kind: "resource_updated", uri }),
      );
      if (!listening) return modern.fetch(request, options);
      try {
        return endingWith(await modern.fetch(listening.request, options), request.signal, listening.release);
      } catch (error) {
        listening.release();
        throw error;
      }
    }
    return legacy(request, caller, options?.authInfo);
  };
  return {
    node: toNodeHandler({ fetch }, { maxRequestBodySize }) as Gateway["node"],
    sessions,
    close: async () => {
      clearInterval(sweeper);
      stopWatching();
      stopWatchingLists();
      await Promise.allSettled([modern.close(), ...[...sessions.values()].map((session) => session.transport.close())]);
    },
  };
}

const gateway = processWide<{ current?: Gateway }>("gateway", () => ({}));

/** Serves one request to /mcp for the caller the front door identified. */
export async function serveGateway(request: http.IncomingMessage, response: http.ServerResponse, caller: Caller): Promise<void> {
  // The agent hung up before its answer was written (gave up, cancelled, or its process ended): a
  // call of this request that waits for a person is withdrawn (gateway-server.ts).
  const ended = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) ended.abort(new Error("The agent's request ended before its answer."));
  });
  const extra: GatewayAuthExtra = { caller, requestEnded: ended.signal };
  const auth: AuthInfo = { token: "", clientId: caller.tokenName ?? caller.actor, scopes: caller.scopes ?? [], extra };
  (request as http.IncomingMessage & { auth?: AuthInfo }).auth = auth;
  gateway.current ??= createGateway();
  await gateway.current.node(request, response);
}

export type OpenSession = { client: string; person: string; personId: string | null; lastSeen: string };

/**
 * The agents with a 2025-revision session open on this process (2026-07-28 agents hold none: they
 * are seen by their calls). A session whose agent was revoked meanwhile is closed, not listed.
 */
export async function openAgentSessions(): Promise<OpenSession[]> {
  const sessions = [...(gateway.current?.sessions.values() ?? [])];
  const standing = await agentCredentialsStand(sessions.map((session) => session.caller));
  sessions.forEach((session, index) => void (standing[index] || session.transport.close()));
  return sessions
    .filter((_session, index) => standing[index])
    .map((session) => ({
      client: clientLabel(session.server.getClientVersion()),
      person: session.caller.actor,
      personId: session.caller.userId,
      lastSeen: new Date(session.lastSeen).toISOString(),
    }))
    .sort((a, b) => b.lastSeen.localeCompare(a.lastSeen));
}

/** Ends every agent session and stream (Toolscope stops, or a test is done). */
export async function closeGateway(): Promise<void> {
  const current = gateway.current;
  gateway.current = undefined;
  await current?.close();
}
