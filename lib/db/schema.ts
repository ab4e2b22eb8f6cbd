// The database's tables as Kysely sees them. Times are ISO-8601 UTC strings so that the
// same queries sort and compare identically on SQLite and PostgreSQL.
import type { Generated } from "kysely";
import type { AuditOutcome } from "@/lib/domain/outcomes";

export type InvocationOutcome = AuditOutcome;

export type OutputVerdict = "valid" | "invalid" | "none" | "schema_error";

export interface AuditLogTable {
  id: string;
  started_at: string;
  ended_at: string | null;
  duration_ms: number | null;
  actor: string;
  server_id: string;
  server_target: string;
  protocol_version: string | null;
  tool_name: string;
  arguments: string;
  outcome: InvocationOutcome;
  error_code: number | null;
  error_message: string | null;
  result: string | null;
  output_verdict: OutputVerdict | null;
  client_ip: string | null;
  /** The request's _meta as sent, JSON. */
  request_meta: string | null;
  /** The result's size in bytes (UTF-8 JSON), and its SHA-256 when it was too large to keep. */
  result_size: number | null;
  result_sha256: string | null;
  result_truncated: Generated<number>;
  /** Position in the hash chain; null while pending. */
  chain_seq: number | null;
  prev_hash: string | null;
  hash: string | null;
  /** The process that opened the record (migration 0008); not part of the record or its hash. */
  instance_id: string | null;
  /** A tool call, or an account or administration event (migration 0009; lib/audit/events.ts). */
  kind: Generated<string>;
  /** Who acted (migration 0009): their user id and name, how they authenticated, the token's name. */
  actor_id: string | null;
  actor_name: string | null;
  auth_method: string | null;
  token_name: string | null;
  /** Why the caller made the call, when the server's policy asks (migration 0010). */
  reason: string | null;
  /** Where the call was made from, when not the form or the API (migration 0015; lib/domain/audit-via.ts). */
  via: string | null;
}

/** An admin's policy on a server's risky tools (migration 0010; lib/domain/tool-policy.ts). */
export interface ServerPoliciesTable {
  server_id: string;
  policy: string;
  updated_at: string;
  updated_by: string | null;
}

/** One definition of a server's tool, by hash (0018, lib/pins). */
export interface ToolDefinitionsTable {
  server_id: string;
  tool_name: string;
  hash: string;
  definition: string;
  status: "approved" | "pending" | "superseded";
  /** judging: new (or changed, under the accept policy) and waiting for the model judge's verdict (lib/report/model-judge.ts). */
  reason: "first" | "new" | "changed" | "flagged" | "judging";
  first_seen_at: string;
  approved_at: string | null;
  approved_by: string | null;
}

/** An agent's call waiting for, or decided by, a person (0019, lib/approvals). */
export interface AgentApprovalsTable {
  id: string;
  created_at: string;
  expires_at: string;
  status: "waiting" | "approved" | "denied" | "expired" | "cancelled";
  server_id: string;
  tool_name: string;
  arguments: string;
  caller: string;
  actor_id: string | null;
  client: string;
  because: string;
  definition_changes: string | null;
  approvers: string;
  decided_at: string | null;
  decided_by: string | null;
  decided_by_id: string | null;
  decision_reason: string | null;
  edited_arguments: string | null;
  audit_id: string | null;
  /** The rounds of input (input_required) the approved call has gone on for, each claimed once. */
  rounds: Generated<number>;
}

/** A named MCP endpoint composed of chosen tools (0020, lib/gateway/virtual-store.ts). */
export interface VirtualServersTable {
  name: string;
  definition: string;
  updated_at: string;
  updated_by: string | null;
}

/** An eval suite (0023): the suite file as JSON (lib/domain/eval-suite-file.ts). */
export interface EvalSuitesTable {
  id: string;
  name: string;
  definition: string;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
}

/**
 * A model provider given in the UI (0024, lib/models/provider-store.ts). `name` is what its models
 * are called by (`name/model`); `owner_id` the person whose own it is ("": shared);
 * `sealed_key` sealed by lib/crypto/secret-box.ts; `roles` a JSON array, or null for every role.
 */
export interface ModelProvidersTable {
  id: string;
  name: string;
  owner_id: string;
  kind: string;
  label: string;
  base_url: string | null;
  sealed_key: string | null;
  roles: string | null;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
}

/** A setting of the whole Toolscope an admin changes in the UI, its value JSON (0025, lib/policy/instance-settings.ts). */
export interface InstanceSettingsTable {
  name: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

/**
 * The model judge's verdict on one tool definition (0025, lib/report/judge-store.ts), kept under
 * the SHA-256 of the definition's canonical JSON, the rubric version and the model.
 */
export interface JudgeVerdictsTable {
  hash: string;
  model: string;
  rubric_version: string;
  verdict: "poisoned" | "benign";
  score: number;
  span: string;
  path: string;
  reason: string;
  judged_at: string;
}

/**
 * A run of a suite (0023). `models`, `cases`: JSON arrays; `attempts`: JSON array of EvalAttempt
 * (lib/domain/eval-run-shapes.ts), written as they end; `heartbeat_at`: when the process running it last
 * said it was alive, so that a run whose process died reads as interrupted.
 */
export interface EvalRunsTable {
  id: string;
  suite_id: string;
  suite_name: string;
  status: string;
  error: string | null;
  models: string;
  repeat: number;
  cases: string;
  started_at: string;
  started_by: string;
  finished_at: string | null;
  heartbeat_at: string;
  attempts: string;
}

/** A Toolscope process that writes audit records, and when it last said it was alive (0008). */
export interface AuditInstancesTable {
  id: string;
  host: string;
  pid: number;
  started_at: string;
  heartbeat_at: string;
}

export interface AuditChainTable {
  id: number;
  head_seq: number;
  head_hash: string;
  /** The last sequence number retention deleted, and its hash: where verification starts. */
  purged_seq: number;
  purged_hash: string;
}

export interface ServersTable {
  id: string;
  /** The ServerConfig as JSON, secrets included. */
  config: string;
  position: number;
  created_at: string;
  updated_at: string;
}

/** SQLite only: how far the search index is complete (migration 0005). */
export interface AuditSearchStateTable {
  id: number;
  indexed_through: string;
}

/** A person (better-auth's user, with its admin plugin's fields); migration 0009. */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  role: string | null;
  banned: boolean | number | null;
  banReason: string | null;
  banExpires: Date | string | null;
  /** JSON array of the groups the identity provider last named. */
  groups: string | null;
}

export interface AuthSessionTable {
  id: string;
  expiresAt: Date | string;
  token: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
  authMethod: string | null;
  /** For a session signed in with the bootstrap token: a keyed digest of that token (migration 0016). */
  bootstrapTokenDigest: string | null;
}

export interface AuthAccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  idToken: string | null;
  /** Encrypted by better-auth when its encryptOAuthTokens is on; only whether there is one is read here. */
  refreshToken: string | null;
}

export interface PersonalTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  /** Comma-separated: read, call. */
  scopes: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** `payload`: sealed JSON (lib/oauth/oauth-store.ts). */
export interface OAuthClientsTable {
  server_id: string;
  issuer: string;
  payload: string;
  updated_at: string;
}

export interface OAuthGrantsTable {
  server_id: string;
  principal: string;
  payload: string;
  updated_at: string;
}

export interface OAuthFlowsTable {
  state: string;
  server_id: string;
  principal: string;
  user_id: string | null;
  payload: string;
  created_at: string;
  expires_at: string;
}

/** Saved calls, collections and runs (migration 0012; lib/saved). JSON in text columns. */
export interface SavedCallsTable {
  id: string;
  owner_id: string | null;
  owner_name: string;
  visibility: string;
  server_id: string;
  /** "call", "resource_read" or "prompt_get" (lib/domain/saved-shapes.ts). */
  kind: string;
  tool_name: string;
  name: string;
  note: string;
  arguments: string;
  secret_fields: string;
  checks: string;
  created_at: string;
  updated_at: string;
}

export interface CollectionsTable {
  id: string;
  owner_id: string | null;
  owner_name: string;
  visibility: string;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface CollectionCallsTable {
  collection_id: string;
  saved_call_id: string;
  position: number;
}

export interface SavedCallRunsTable {
  id: string;
  saved_call_id: string;
  collection_id: string | null;
  audit_id: string | null;
  actor_id: string | null;
  actor_name: string;
  started_at: string;
  outcome: string;
  duration_ms: number | null;
  passed: number;
  checks: string;
  error: string | null;
}

/** Messages between processes too large to notify (migration 0013; lib/cluster/bus.ts). */
export interface ClusterMessagesTable {
  id: string;
  body: string;
  created_at: string;
}

/** An MCP client registered with Toolscope's authorization server (0021; better-auth's columns, the ones Toolscope reads). */
export interface AuthOAuthClientTable {
  id: string;
  clientId: string;
  name: string | null;
  uri: string | null;
  icon: string | null;
  /** JSON array (better-auth's string[]). */
  redirectUris: string | string[];
  disabled: boolean | number | null;
  createdAt: string | Date | null;
}

/** A person's grant to an OAuth client (0021; better-auth's consent row). `scopes`: JSON array. */
export interface AuthOAuthConsentTable {
  id: string;
  clientId: string;
  userId: string | null;
  scopes: string | string[];
  createdAt: string | Date | null;
  updatedAt: string | Date | null;
}

/** An agent's refresh token (0021; better-auth's), revoked with its grant. */
export interface AuthOAuthRefreshTokenTable {
  id: string;
  clientId: string;
  userId: string;
  revoked: string | Date | null;
}

export interface Database {
  auth_user: AuthUserTable;
  auth_session: AuthSessionTable;
  auth_account: AuthAccountTable;
  personal_tokens: PersonalTokensTable;
  auth_oauth_client: AuthOAuthClientTable;
  auth_oauth_consent: AuthOAuthConsentTable;
  auth_oauth_refresh_token: AuthOAuthRefreshTokenTable;
  audit_log: AuditLogTable;
  audit_chain: AuditChainTable;
  audit_instances: AuditInstancesTable;
  audit_search_state: AuditSearchStateTable;
  servers: ServersTable;
  server_policies: ServerPoliciesTable;
  tool_definitions: ToolDefinitionsTable;
  agent_approvals: AgentApprovalsTable;
  virtual_servers: VirtualServersTable;
  eval_suites: EvalSuitesTable;
  eval_runs: EvalRunsTable;
  model_providers: ModelProvidersTable;
  instance_settings: InstanceSettingsTable;
  judge_verdicts: JudgeVerdictsTable;
  oauth_clients: OAuthClientsTable;
  oauth_grants: OAuthGrantsTable;
  oauth_flows: OAuthFlowsTable;
  saved_calls: SavedCallsTable;
  collections: CollectionsTable;
  collection_calls: CollectionCallsTable;
  saved_call_runs: SavedCallRunsTable;
  cluster_messages: ClusterMessagesTable;
}
