// The approval queue as the API answers it and the pages show it (lib/approvals). Client-safe.
import type { JsonChange } from "@/lib/domain/json-diff";
import type { Caller } from "./roles";

export const APPROVAL_STATUSES = ["waiting", "approved", "denied", "expired", "cancelled"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  waiting: "Waiting",
  approved: "Approved",
  denied: "Denied",
  expired: "Timed out",
  cancelled: "Withdrawn by the agent",
};

export type Approvers = { roles: ("operator" | "admin")[]; people: string[]; self: boolean };

export type ApprovalView = {
  id: string;
  status: ApprovalStatus;
  createdAt: string;
  expiresAt: string;
  serverId: string;
  serverName: string;
  toolName: string;
  /** The tool's title, when it has one; its risk in words. */
  toolTitle: string | null;
  risk: string[];
  /**
   * Whether the server is trusted (what its tools say about themselves is believed), what this
   * tool says of itself, and whether the one looking may trust the server from the card.
   */
  trust: { trusted: boolean; declared: string[]; canTrust: boolean };
  arguments: Record<string, unknown>;
  /** The tool's input schema, for editing the arguments (null: the tool is no longer listed). */
  inputSchema: Record<string, unknown> | null;
  /** The person behind the agent, and the agent as it named itself. */
  person: { name: string; email: string | null; actor: string };
  client: string;
  because: string;
  /** What changed in the tool's definition since it was approved, when it waits for that too. */
  definitionChanges: JsonChange[] | null;
  approvers: Approvers;
  /** Whether the one asking may decide it. */
  mayDecide: boolean;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionReason: string | null;
  editedArguments: Record<string, unknown> | null;
  auditId: string | null;
};

export const DENY_REASON_MAX = 1_000;

/**
 * Why this caller may not decide any agent's call, whatever a server's policy says; null when
 * they may. The person in the loop must be a person: a signed-in browser session (or local mode,
 * where a decision must also come from one of Toolscope's pages). A personal token, an agent's
 * OAuth token and the bootstrap token sent as a bearer are refused: each can make calls through
 * /mcp, so an agent holding one could approve what it asked for.
 */
export function decisionCredentialRefusal(caller: Pick<Caller, "authMethod" | "sessionId">): string | null {
  if (caller.authMethod === "local") return null;
  if (
    caller.sessionId !== null &&
    (caller.authMethod === "password" || caller.authMethod === "sso" || caller.authMethod === "bootstrap-token")
  )
    return null;
  const credential =
    caller.authMethod === "personal-token"
      ? "A personal token"
      : caller.authMethod === "oauth"
        ? "An agent's OAuth token"
        : caller.authMethod === "bootstrap-token"
          ? "The bootstrap token sent as a bearer"
          : "This credential";
  return `${credential} cannot decide an agent's call: an agent could hold it and approve its own call. Decide on Toolscope's Approvals page, signed in in a browser.`;
}
