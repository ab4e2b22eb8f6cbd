// Every API route and the methods it answers: the front door answers a wrong method (405) and
// an unknown path (404) itself, in JSON, and serves the routes marked "front-door". The rest
// are Next route handlers under app/api; api-routes.test.ts checks this table against them.
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiRoute = {
  /** Path segments; `:name` matches one segment (percent-decoded). */
  pattern: string;
  methods: readonly Method[];
  /** Served by the front door itself (the call endpoint); the others by Next. */
  servedBy: "next" | "front-door";
};

export const API_ROUTES: readonly ApiRoute[] = [
  { pattern: "/api/health", methods: ["GET"], servedBy: "next" },
  { pattern: "/api/session", methods: ["GET", "POST", "DELETE"], servedBy: "next" },
  { pattern: "/api/audit", methods: ["GET"], servedBy: "next" },
  { pattern: "/api/audit/export", methods: ["GET"], servedBy: "next" },
  { pattern: "/api/audit/verify", methods: ["GET"], servedBy: "next" },
  { pattern: "/api/audit/:auditId", methods: ["GET"], servedBy: "next" },
  { pattern: "/api/calls/:auditId", methods: ["DELETE"], servedBy: "front-door" },
  { pattern: "/api/servers", methods: ["GET", "POST"], servedBy: "next" },
  { pattern: "/api/servers/mcp.json", methods: ["GET", "POST"], servedBy: "next" },
  { pattern: "/api/servers/:serverId", methods: ["GET", "PUT", "DELETE"], servedBy: "next" },
  { pattern: "/api/servers/:serverId/events", methods: ["GET"], servedBy: "next" },
  { pattern: "/api/servers/:serverId/icon", methods: ["GET"], servedBy: "next" },
  { pattern: "/api/servers/:serverId/inputs/:inputId", methods: ["POST"], servedBy: "next" },
  { pattern: "/api/servers/:serverId/rpc", methods: ["POST"], servedBy: "front-door" },
  { pattern: "/api/servers/:serverId/tasks/:taskId", methods: ["GET", "DELETE"], servedBy: "next" },
  { pattern: "/api/servers/:serverId/tasks/:taskId/result", methods: ["GET"], servedBy: "next" },
  { pattern: "/api/servers/:serverId/tools", methods: ["GET"], servedBy: "next" },
  { pattern: "/api/servers/:serverId/tools/:toolName/call", methods: ["POST"], servedBy: "front-door" },
  { pattern: "/api/servers/:serverId/tools/:toolName/tasks", methods: ["POST"], servedBy: "next" },
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
