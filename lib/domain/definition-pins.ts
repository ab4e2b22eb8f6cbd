// Definition pinning as the API answers it and the pages show it: each tool's approved
// definition (its pin) and the definitions waiting for approval, with what changed. Client-safe.
import type { JsonChange } from "@/lib/domain/json-diff";

export const PIN_POLICIES = ["hold", "warn", "accept"] as const;
export type PinPolicy = (typeof PIN_POLICIES)[number];

export const PIN_POLICY_LABELS: Record<PinPolicy, string> = {
  hold: "Hold: refuse calls until an admin approves",
  warn: "Warn: show the change, let calls through",
  accept: "Accept: approve changes as they come (still recorded)",
};

/**
 * Why a definition waits: never approved (a server's first list in hosted mode), new, changed since
 * its pin, failing the poisoning scan (its patterns or the model judge), or waiting for the model
 * judge's verdict (new, or changed under the accept policy).
 */
export type PendingReason = "first" | "new" | "changed" | "flagged" | "judging";

export type PendingDefinition = {
  tool: string;
  hash: string;
  reason: PendingReason;
  firstSeenAt: string;
  /** Calls to the tool are refused until it is approved. */
  held: boolean;
  /** What changed since the pin (changed only). */
  changes: JsonChange[];
  /** Why the poisoning scan flags it, in words: its patterns' findings (flagged only) and the model judge's verdict (any reason). */
  flags: string[];
};

export type PinsView = {
  serverId: string;
  policy: PinPolicy;
  /** Whether the policy was set for this server or follows the mode (hold when hosted, warn in local mode). */
  policySet: boolean;
  pinned: number;
  pending: PendingDefinition[];
  /** Whether the caller may approve (admins). */
  mayApprove: boolean;
};
