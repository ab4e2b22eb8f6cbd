// Every API route and the methods it answers: the front door answers a wrong method (405) and
// an unknown path (404) itself, in JSON, and serves the routes marked "front-door". The rest
// are Next route handlers under app/api; api-routes.test.ts checks this table against them.
import type { Permission } from "@/lib/domain/roles";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may use a route with a method: anyone ("public": signing in, health), anyone signed in
 * ("signed-in"), anyone signed in other than with a personal token ("no-token": revoking a
 * token, whoever's it is), a person with an account ("account": their tokens and sessions), a
 * person in a browser whose role calls tools ("decide": an agent's waiting call, which no token
 * may decide), or a caller whose role (and token scope) grants the permission.
 */
export type Access = "public" | "signed-in" | "no-token" | "account" | "decide" | Permission;

export type ApiRoute = {
  /** Path segments; `:name` matches one segment (percent-decoded). */
  pattern: string;
  methods: readonly Method[];
  /** Served by the front door itself (calls), by better-auth (single sign-on's browser legs, OAuth for agents), or by Next. */
  servedBy: "next" | "front-door" | "better-auth";
  /** Who may use it, per method; lib/auth/authorize.ts applies it. */
  access: Partial<Record<Method, Access>>;
  /**
   * The methods a process that is shutting down still serves (lib/server/shutdown.ts): probes,
   * and what the calls it still runs need (an answer to a request for input, a cancel). Every
   * other request is refused there, so that a load balancer sends it elsewhere.
   */
  whileDraining?: readonly Method[];
};

export const API_ROUTES: readonly ApiRoute[] = [
  { pattern: "/api/health", methods: ["GET"], servedBy: "next", access: { GET: "public" }, whileDraining: ["GET"] },
  // Readiness, apart from liveness (/api/health): 503 while starting, shutting down or cut off from the database.
  { pattern: "/api/ready", methods: ["GET"], servedBy: "front-door", access: { GET: "public" }, whileDraining: ["GET"] },
  { pattern: "/api/form-validator", methods: ["POST"], servedBy: "next", access: { POST: "catalog:read" } },
  // The playground: the models the environment configures, and one turn of a chat with one.
  { pattern: "/api/models", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  // Providers given in the UI: shared ones (admins), one's own (a person); no token manages a key.
  {
    pattern: "/api/model-providers",
    methods: ["GET", "POST"],
    servedBy: "next",
    access: { GET: "catalog:read", POST: "no-token" },
  },
  {
    pattern: "/api/model-providers/:name",
    methods: ["PATCH", "DELETE"],
    servedBy: "next",
    access: { PATCH: "no-token", DELETE: "no-token" },
  },
  // The model judge of the poisoning scan (lib/report/model-judge.ts): anyone who browses sees which model; an admin chooses it.
  { pattern: "/api/model-judge", methods: ["GET", "PUT"], servedBy: "next", access: { GET: "catalog:read", PUT: "servers:manage" } },
  { pattern: "/api/playground/chat", methods: ["POST"], servedBy: "next", access: { POST: "catalog:read" } },
  { pattern: "/api/playground/collection", methods: ["POST"], servedBy: "next", access: { POST: "tools:call" } },
  // Eval suites (lib/evals): anyone who browses sees them and their runs; changing and running them calls tools.
  { pattern: "/api/evals", methods: ["GET", "POST"], servedBy: "next", access: { GET: "catalog:read", POST: "tools:call" } },
  {
    pattern: "/api/evals/:suiteId",
    methods: ["GET", "PUT", "DELETE"],
    servedBy: "next",
    access: { GET: "catalog:read", PUT: "tools:call", DELETE: "tools:call" },
  },
  { pattern: "/api/evals/:suiteId/export", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  { pattern: "/api/evals/:suiteId/runs", methods: ["GET", "POST"], servedBy: "next", access: { GET: "catalog:read", POST: "tools:call" } },
  { pattern: "/api/eval-runs/:runId", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  { pattern: "/api/eval-runs/:runId/stop", methods: ["POST"], servedBy: "next", access: { POST: "tools:call" } },
  {
    pattern: "/api/session",
    methods: ["GET", "POST", "DELETE"],
    servedBy: "next",
    access: { GET: "public", POST: "public", DELETE: "signed-in" },
  },
  { pattern: "/api/account/password", methods: ["POST"], servedBy: "next", access: { POST: "account" } },
  // The agents a person allowed by OAuth (/mcp), and taking one back.
  { pattern: "/api/account/agents", methods: ["GET"], servedBy: "next", access: { GET: "account" } },
  { pattern: "/api/account/agents/:clientId", methods: ["DELETE"], servedBy: "next", access: { DELETE: "account" } },
  { pattern: "/api/sessions", methods: ["GET", "DELETE"], servedBy: "next", access: { GET: "account", DELETE: "account" } },
  { pattern: "/api/auth/sign-in/social", methods: ["POST"], servedBy: "better-auth", access: { POST: "public" } },
  {
    pattern: "/api/auth/callback/:providerId",
    methods: ["GET", "POST"],
    servedBy: "better-auth",
    access: { GET: "public", POST: "public" },
  },
  // Toolscope as the OAuth authorization server for agents (lib/auth/agent-oauth.ts): MCP
  // clients register, send the person to authorize, and get tokens; the consent page decides.
  { pattern: "/api/auth/oauth2/authorize", methods: ["GET"], servedBy: "better-auth", access: { GET: "public" } },
  { pattern: "/api/auth/oauth2/register", methods: ["POST"], servedBy: "better-auth", access: { POST: "public" } },
  { pattern: "/api/auth/oauth2/token", methods: ["POST"], servedBy: "better-auth", access: { POST: "public" } },
  { pattern: "/api/auth/oauth2/revoke", methods: ["POST"], servedBy: "better-auth", access: { POST: "public" } },
  { pattern: "/api/auth/oauth2/introspect", methods: ["POST"], servedBy: "better-auth", access: { POST: "public" } },
  { pattern: "/api/auth/oauth2/consent", methods: ["POST"], servedBy: "better-auth", access: { POST: "account" } },
  { pattern: "/api/auth/jwks", methods: ["GET"], servedBy: "better-auth", access: { GET: "public" } },
  { pattern: "/api/tokens", methods: ["GET", "POST"], servedBy: "next", access: { GET: "account", POST: "account" } },
  { pattern: "/api/tokens/:tokenId", methods: ["DELETE"], servedBy: "next", access: { DELETE: "no-token" } },
  { pattern: "/api/people", methods: ["GET", "POST"], servedBy: "next", access: { GET: "people:manage", POST: "people:manage" } },
  { pattern: "/api/people/:userId", methods: ["PATCH"], servedBy: "next", access: { PATCH: "people:manage" } },
  { pattern: "/api/people/:userId/sessions", methods: ["DELETE"], servedBy: "next", access: { DELETE: "people:manage" } },
  { pattern: "/api/people/:userId/tokens", methods: ["GET"], servedBy: "next", access: { GET: "people:manage" } },
  { pattern: "/api/audit", methods: ["GET"], servedBy: "next", access: { GET: "audit:read" } },
  { pattern: "/api/audit/export", methods: ["GET"], servedBy: "next", access: { GET: "audit:read" } },
  { pattern: "/api/audit/verify", methods: ["GET"], servedBy: "next", access: { GET: "audit:read" } },
  { pattern: "/api/audit/:auditId", methods: ["GET"], servedBy: "next", access: { GET: "audit:read" } },
  {
    pattern: "/api/calls/:auditId",
    methods: ["DELETE"],
    servedBy: "front-door",
    access: { DELETE: "tools:call" },
    whileDraining: ["DELETE"],
  },
  // Agents' calls waiting for a person (lib/approvals): each sees those they may decide or their own agents';
  // deciding needs a person signed in in a browser (no token: an agent could hold it), and the policy's approvers further in.
  { pattern: "/api/approvals", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  { pattern: "/api/approvals/:approvalId", methods: ["POST"], servedBy: "next", access: { POST: "decide" } },
  // Virtual servers (/mcp/{name}): listed to all who see the catalog; composed by admins, as servers are.
  { pattern: "/api/virtual-servers", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  {
    pattern: "/api/virtual-servers/:name",
    methods: ["GET", "PUT", "DELETE"],
    servedBy: "next",
    access: { GET: "catalog:read", PUT: "servers:manage", DELETE: "servers:manage" },
  },
  { pattern: "/api/saved-calls", methods: ["GET", "POST"], servedBy: "next", access: { GET: "catalog:read", POST: "tools:call" } },
  // Changing or deleting someone else's saved call or collection is refused further in (lib/saved/access.ts).
  {
    pattern: "/api/saved-calls/:savedCallId",
    methods: ["GET", "PUT", "DELETE"],
    servedBy: "next",
    access: { GET: "catalog:read", PUT: "tools:call", DELETE: "tools:call" },
  },
  { pattern: "/api/saved-calls/:savedCallId/run", methods: ["POST"], servedBy: "next", access: { POST: "tools:call" } },
  { pattern: "/api/collections", methods: ["GET", "POST"], servedBy: "next", access: { GET: "catalog:read", POST: "tools:call" } },
  { pattern: "/api/collections/import", methods: ["POST"], servedBy: "next", access: { POST: "tools:call" } },
  {
    pattern: "/api/collections/:collectionId",
    methods: ["GET", "PUT", "DELETE"],
    servedBy: "next",
    access: { GET: "catalog:read", PUT: "tools:call", DELETE: "tools:call" },
  },
  { pattern: "/api/collections/:collectionId/run", methods: ["POST"], servedBy: "next", access: { POST: "tools:call" } },
  { pattern: "/api/collections/:collectionId/export", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  { pattern: "/api/servers", methods: ["GET", "POST"], servedBy: "next", access: { GET: "catalog:read", POST: "servers:manage" } },
  // Connects to a server as it would be added, without saving it: it may start a command.
  { pattern: "/api/connection-tests", methods: ["POST"], servedBy: "next", access: { POST: "servers:manage" } },
  // Its export carries the servers' secrets (headers, environment).
  {
    pattern: "/api/servers/mcp.json",
    methods: ["GET", "POST"],
    servedBy: "next",
    access: { GET: "servers:manage", POST: "servers:manage" },
  },
  {
    pattern: "/api/servers/:serverId",
    methods: ["GET", "PUT", "PATCH", "DELETE"],
    servedBy: "next",
    access: { GET: "catalog:read", PUT: "servers:manage", PATCH: "servers:manage", DELETE: "servers:manage" },
  },
  { pattern: "/api/servers/:serverId/events", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  { pattern: "/api/servers/:serverId/icon", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  {
    pattern: "/api/servers/:serverId/inputs/:inputId",
    methods: ["POST"],
    servedBy: "next",
    access: { POST: "tools:call" },
    whileDraining: ["POST"],
  },
  {
    pattern: "/api/servers/:serverId/policy",
    methods: ["GET", "PUT"],
    servedBy: "next",
    access: { GET: "catalog:read", PUT: "servers:manage" },
  },
  {
    pattern: "/api/servers/:serverId/oauth",
    methods: ["GET", "DELETE"],
    servedBy: "next",
    access: { GET: "catalog:read", DELETE: "catalog:read" },
  },
  // Each person authorizes for themselves; the shared authorization is for admins (lib/mcp/oauth-authorization.ts).
  { pattern: "/api/servers/:serverId/oauth/authorize", methods: ["POST"], servedBy: "next", access: { POST: "catalog:read" } },
  // Connecting now does nothing a call would not (a call to a failed server connects it); it only skips the wait.
  { pattern: "/api/servers/:serverId/completions", methods: ["POST"], servedBy: "next", access: { POST: "tools:call" } },
  // What the server logged can hold what its calls carried: for those who may call it. The level is the connection's, shared: admins.
  {
    pattern: "/api/servers/:serverId/log",
    methods: ["GET", "PUT"],
    servedBy: "next",
    access: { GET: "tools:call", PUT: "servers:manage" },
  },
  // A ping reaches the server, as a call does.
  { pattern: "/api/servers/:serverId/ping", methods: ["POST"], servedBy: "next", access: { POST: "tools:call" } },
  // Pinned definitions: seen by all who see the catalog; approved by admins, as policies are set.
  { pattern: "/api/servers/:serverId/definitions", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  { pattern: "/api/servers/:serverId/definitions/approve", methods: ["POST"], servedBy: "next", access: { POST: "servers:manage" } },
  // The report card lists the tools twice as the catalog lists them once; its call figures are the audit log's, shown to those who read it.
  { pattern: "/api/servers/:serverId/report", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  { pattern: "/api/servers/:serverId/prompts", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  // A read or a get goes to the server and is audited, as a tool call is.
  { pattern: "/api/servers/:serverId/prompts/get", methods: ["POST"], servedBy: "next", access: { POST: "tools:call" } },
  { pattern: "/api/servers/:serverId/resources", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  // Skills are listed as the catalog is; a file of one is read as a resource is, audited.
  { pattern: "/api/servers/:serverId/skills", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  { pattern: "/api/servers/:serverId/skills/read", methods: ["POST"], servedBy: "next", access: { POST: "tools:call" } },
  { pattern: "/api/servers/:serverId/skills/download", methods: ["GET"], servedBy: "next", access: { GET: "tools:call" } },
  { pattern: "/api/servers/:serverId/resources/read", methods: ["POST"], servedBy: "next", access: { POST: "tools:call" } },
  // Watching asks the server to subscribe, and each change is read again: as a read, for those who may call.
  { pattern: "/api/servers/:serverId/resources/watch", methods: ["GET"], servedBy: "next", access: { GET: "tools:call" } },
  { pattern: "/api/servers/:serverId/reconnect", methods: ["POST"], servedBy: "next", access: { POST: "tools:call" } },
  // What a command printed can hold what no config names as secret (a token it read, a path): as its config's secrets, admins only.
  { pattern: "/api/servers/:serverId/stderr", methods: ["GET"], servedBy: "next", access: { GET: "servers:manage" } },
  { pattern: "/api/servers/:serverId/rpc", methods: ["POST"], servedBy: "front-door", access: { POST: "tools:call" } },
  { pattern: "/api/servers/:serverId/tasks", methods: ["GET"], servedBy: "next", access: { GET: "tools:call" } },
  // Every JSON-RPC message of the caller's connection: calls' payloads, so for those who may read them.
  { pattern: "/api/servers/:serverId/protocol", methods: ["GET"], servedBy: "next", access: { GET: "audit:payloads" } },
  { pattern: "/api/servers/:serverId/protocol/:seq", methods: ["POST"], servedBy: "next", access: { POST: "tools:call" } },
  {
    pattern: "/api/servers/:serverId/tasks/:taskId",
    methods: ["GET", "DELETE"],
    servedBy: "next",
    access: { GET: "tools:call", DELETE: "tools:call" },
  },
  { pattern: "/api/servers/:serverId/tasks/:taskId/result", methods: ["GET"], servedBy: "next", access: { GET: "tools:call" } },
  { pattern: "/api/servers/:serverId/tools", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  { pattern: "/api/servers/:serverId/tools/:toolName/app", methods: ["GET"], servedBy: "next", access: { GET: "catalog:read" } },
  { pattern: "/api/servers/:serverId/tools/:toolName/call", methods: ["POST"], servedBy: "front-door", access: { POST: "tools:call" } },
  { pattern: "/api/servers/:serverId/tools/:toolName/tasks", methods: ["POST"], servedBy: "next", access: { POST: "tools:call" } },
];

export type RouteMatch = { route: ApiRoute; params: Record<string, string> };

const COMPILED = API_ROUTES.map((route) => ({ route, parts: route.pattern.split("/").slice(1) }));

/** The route for decoded path segments (without the empty first one); literal segments win over parameters. */
export function matchApiRoute(segments: readonly string[]): RouteMatch | undefined {
  let best: { match: RouteMatch; literals: number } | undefined;
  for (const { route, parts } of COMPILED) {
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    const fits = parts.every((part, i) => {
      if (part.startsWith(":")) {
        params[part.slice(1)] = segments[i]!;
        return segments[i] !== "";
      }
      literals++;
      return part === segments[i];
    });
    if (fits && (!best || literals > best.literals)) best = { match: { route, params }, literals };
  }
  return best?.match;
}
