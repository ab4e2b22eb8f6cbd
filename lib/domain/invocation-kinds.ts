// What a person can ask of a server through Toolscope, as the audit log records it: a tool
// call, a resource read, a prompt get or a completion of an argument. Each is an invocation (a payload sent, an answer kept,
// an outcome); every other kind of record is an account or administration event. Client-safe.
export const INVOCATION_KINDS = ["call", "resource_read", "prompt_get", "completion"] as const;
export type InvocationKind = (typeof INVOCATION_KINDS)[number];

export const INVOCATION_LABELS: Record<InvocationKind, string> = {
  call: "Tool call",
  resource_read: "Resource read",
  prompt_get: "Prompt get",
  completion: "Completion",
};

/** The MCP method each kind sends. */
export const INVOCATION_METHODS: Record<InvocationKind, string> = {
  call: "tools/call",
  resource_read: "resources/read",
  prompt_get: "prompts/get",
  completion: "completion/complete",
};

export function isInvocationKind(kind: string): kind is InvocationKind {
  return (INVOCATION_KINDS as readonly string[]).includes(kind);
}
