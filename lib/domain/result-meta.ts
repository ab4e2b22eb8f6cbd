// Where Toolscope puts its own word on a call in a result's `_meta`, for an agent through /mcp and
// for the playground's page alike: the outcome when Toolscope did not send the call or it never
// completed, the audit record, the approval it waited for, and where an agent may give the reason
// a server's policy asks for. Client-safe.
export const OUTCOME_META = "io.toolscope/outcome";
export const AUDIT_META = "io.toolscope/auditId";
export const APPROVAL_META = "io.toolscope/approvalId";
export const REASON_META = "io.toolscope/reason";
/** The playground's page: the tool that answered has an MCP App, to be drawn with its result. */
export const APP_META = "io.toolscope/app";
/** The playground's page: how long the call took, from the model's request to the tool's answer, in ms. */
export const DURATION_META = "io.toolscope/durationMs";

export type AppMeta = { serverId: string; tool: string; resourceUri: string };
