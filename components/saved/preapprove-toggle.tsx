"use client";

// The collection page's switch for "Pre-approve for Present" (preapproval.ts): says which calls
// would otherwise ask, and which calls came after the approval and still do.
import { Button } from "@/components/ui/button";
import type { ReactNode } from "react";
import type { SavedCallView } from "@/lib/domain/saved-shapes";
import { setPreapproved, type Preapproval } from "./preapproval";
import { Checkbox } from "@/components/ui/checkbox";

export function PreapproveToggle({
  collectionId,
  calls,
  risky,
  approval,
}: {
  collectionId: string;
  calls: SavedCallView[];
  /** savedCallId → why it asks before running. */
  risky: Map<string, string>;
  approval: Preapproval;
}): ReactNode {
  if (!approval.available || calls.length === 0) return null;
  const on = approval.count > 0;
  const uncovered = on ? calls.filter((c) => risky.has(c.id) && !approval.covers(c)) : [];
  const asking = calls.filter((c) => risky.has(c.id)).length;
  return (
    <div className="text-xs text-zinc-600 dark:text-zinc-300">
      <Checkbox
        className="flex items-start gap-2"
        isSelected={on}
        onChange={(checked) => setPreapproved(collectionId, checked ? calls : null)}
        testId="collection-preapprove"
      >
        <span>
          <span className="font-medium">Pre-approve for Present</span> — run these {calls.length} call
          {calls.length === 1 ? "" : "s"} without asking, in this browser
          {asking > 0 && !on && ` (${asking} would ask now)`}. Every call is still audited.
        </span>
      </Checkbox>
      {uncovered.length > 0 && (
        <p className="mt-1 pl-5 text-amber-700 dark:text-amber-400" data-testid="collection-preapprove-stale">
          Added since the approval, so still asking: {uncovered.map((c) => c.name).join(", ")}.{" "}
          <Button className="underline" onPress={() => setPreapproved(collectionId, calls)}>
            Approve these too
          </Button>
        </p>
      )}
    </div>
  );
}
