// The kinds of audit record besides tool calls, and how the audit page names them. Client-safe.
export const EVENT_KINDS = [
  "sign_in",
  "sign_in_failed",
  "sign_out",
  "sessions_revoked",
  "person_invited",
  "person_changed",
  "token_created",
  "token_revoked",
  "server_added",
  "server_changed",
  "server_removed",
  "server_policy_changed",
  "server_authorized",
  "server_authorization_revoked",
  "tool_definition_changed",
  "tool_definition_flagged",
  "tool_definition_approved",
  "agent_call_approved",
  "agent_call_denied",
  "agent_call_expired",
  "agent_call_withdrawn",
  "virtual_server_changed",
  "virtual_server_removed",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const EVENT_LABELS: Record<EventKind, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  sign_out: "Signed out",
  sessions_revoked: "Sessions revoked",
  person_invited: "Person invited",
  person_changed: "Person changed",
  token_created: "Token created",
  token_revoked: "Token revoked",
  server_added: "Server added",
  server_changed: "Server changed",
  server_removed: "Server removed",
  server_policy_changed: "Tool policy changed",
  server_authorized: "Server authorized (OAuth)",
  server_authorization_revoked: "Server authorization revoked",
  tool_definition_changed: "Tool definition changed",
  tool_definition_flagged: "New tool failed the poisoning scan",
  tool_definition_approved: "Tool definition approved",
  agent_call_approved: "Agent's call approved",
  agent_call_denied: "Agent's call denied",
  agent_call_expired: "Agent's call timed out waiting",
  agent_call_withdrawn: "Agent withdrew a waiting call",
  virtual_server_changed: "Virtual server saved",
  virtual_server_removed: "Virtual server removed",
};

export function recordKindLabel(kind: string): string {
  return (EVENT_LABELS as Record<string, string>)[kind] ?? kind;
}
