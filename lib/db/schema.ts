// The database's tables as Kysely sees them. Times are ISO-8601 UTC strings so that the
// same queries sort and compare identically on SQLite and PostgreSQL.
export type InvocationOutcome = "pending" | "ok" | "tool_error" | "protocol_error" | "timeout" | "cancelled" | "transport_error";

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
}

export interface ServersTable {
  id: string;
  /** The ServerConfig as JSON, secrets included. */
  config: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface Database {
  audit_log: AuditLogTable;
  servers: ServersTable;
}
