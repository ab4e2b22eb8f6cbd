// The approval queue as the API answers it and the pages show it (lib/approvals). Client-safe.
import type { JsonChange } from "@/lib/json-diff";

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
