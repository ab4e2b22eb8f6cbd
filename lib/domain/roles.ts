// Roles and what each may do, and who a request is (the Caller). Client-safe: pages use the
// same table to hide what a person may not do, while the server enforces it
// (lib/auth/authorize.ts) on every route and page.
export const ROLES = ["viewer", "operator", "auditor", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  viewer: "Viewer",
  operator: "Operator",
  auditor: "Auditor",
  admin: "Admin",
};

export const ROLE_SUMMARIES: Record<Role, string> = {
  viewer: "Browses catalogs and tool pages; cannot call tools.",
  operator: "Calls tools.",
  auditor: "Reads every audit record with its arguments and results.",
  admin: "Manages servers, people and roles; calls tools; reads everything.",
};

export const PERMISSIONS = [
  /** Servers, catalogs, tool pages. */
  "catalog:read",
  /** Calling tools: the form, scripts, tasks, the RPC console, answering a server's input requests. */
  "tools:call",
  /** Everyone's audit metadata, and one's own calls' payloads. */
  "audit:read",
  /** Everyone's audit payloads (arguments, results, request _meta). */
  "audit:payloads",
  /** Adding, changing and removing servers. */
  "servers:manage",
  /** People, roles, everyone's tokens and sessions. */
  "people:manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  viewer: ["catalog:read", "audit:read"],
  operator: ["catalog:read", "audit:read", "tools:call"],
  auditor: ["catalog:read", "audit:read", "audit:payloads"],
  admin: PERMISSIONS,
};

export const TOKEN_SCOPES = ["read", "call"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What a personal token's scope lets it do, at most (the owner's role limits it further). */
const SCOPE_PERMISSIONS: Record<TokenScope, readonly Permission[]> = {
  read: ["catalog:read", "audit:read", "audit:payloads"],
  call: ["catalog:read", "audit:read", "audit:payloads", "tools:call"],
};

export const AUTH_METHODS = ["local", "password", "sso", "personal-token", "oauth", "bootstrap-token"] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

export const AUTH_METHOD_LABELS: Record<AuthMethod, string> = {
  local: "local mode",
  password: "password",
  sso: "single sign-on",
  "personal-token": "personal token",
  oauth: "OAuth (an agent the person authorized)",
  "bootstrap-token": "bootstrap token",
};

/** Who made a request, as the front door established it and the audit log records it. */
export type Caller = {
  /** A one-line label for the audit log: the person's name and email, or the mode. */
  actor: string;
  clientIp: string | null;
  /** The person's id; null in local mode and for the bootstrap token. */
  userId: string | null;
  name: string;
  email: string | null;
  /** Null: not signed in (only public paths are reached so). */
  role: Role | null;
  groups: string[];
  authMethod: AuthMethod | null;
  /** The personal token's name, or the OAuth client's (the agent's) a person authorized. */
  tokenName: string | null;
  /** A personal or OAuth token's scopes; null when not signed in with a token. */
  scopes: TokenScope[] | null;
  /** The signed-in session's id, for signing out. */
  sessionId: string | null;
};

export const ANONYMOUS: Omit<Caller, "clientIp"> = {
  actor: "anonymous",
  userId: null,
  name: "anonymous",
  email: null,
  role: null,
  groups: [],
  authMethod: null,
  tokenName: null,
  scopes: null,
  sessionId: null,
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function can(caller: Pick<Caller, "role" | "scopes">, permission: Permission): boolean {
  if (!caller.role || !ROLE_PERMISSIONS[caller.role].includes(permission)) return false;
  return caller.scopes === null || caller.scopes.some((scope) => SCOPE_PERMISSIONS[scope].includes(permission));
}

export function permissionsOf(caller: Pick<Caller, "role" | "scopes">): Permission[] {
  return PERMISSIONS.filter((permission) => can(caller, permission));
}

/** What the audit log records of a caller (lib/audit/records.ts's Actor). */
export function actorOf(caller: Caller): {
  actor: string;
  actorId: string | null;
  actorName: string;
  authMethod: string | null;
  tokenName: string | null;
} {
  return {
    actor: caller.actor,
    actorId: caller.userId,
    actorName: caller.name,
    authMethod: caller.authMethod,
    tokenName: caller.tokenName,
  };
}
