"use client";

// What the page says before the form: arguments restored from the audit log or a link, and why
// this person may not run the tool.
import type { ReactNode } from "react";
import type { Tool } from "@/lib/domain/mcp-types";
import { LinkArgumentsNotice } from "./link-notice";
import type { useLinkArguments } from "./use-link-arguments";
import type { useReplay } from "./use-replay";

const NOTE = "mt-4 rounded-md border p-2.5 text-[13px]";

export function ToolNotices({
  tool,
  values,
  replay,
  linked,
  policyRefusal,
  mayCall,
}: {
  tool: Tool;
  values: Record<string, unknown>;
  replay: ReturnType<typeof useReplay>;
  linked: ReturnType<typeof useLinkArguments>;
  /** Why the server's policy refuses this person, when it does. */
  policyRefusal: string | null;
  /** Whether the person's role may call tools at all. */
  mayCall: boolean;
}): ReactNode {
  return (
    <>
      {replay && (
        <p
          role="status"
          data-testid="replay-notice"
          className={`${NOTE} ${"error" in replay ? "border-rose-200 bg-rose-50 text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300" : "border-indigo-200 bg-indigo-50 text-indigo-800 dark:border-indigo-900 dark:bg-indigo-950/40 dark:text-indigo-200"}`}
        >
          {"error" in replay
            ? `Could not replay audit record ${replay.auditId}: ${replay.error}`
            : `Arguments restored from audit record ${replay.auditId}.${replay.redacted ? " Secret values were redacted when stored: type them again before running." : ""}`}
        </p>
      )}
      {linked && <LinkArgumentsNotice notice={linked} tool={tool} values={values} />}
      {mayCall && policyRefusal !== null && (
        <p
          role="note"
          data-testid="policy-note"
          className={`${NOTE} border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-300`}
        >
          {policyRefusal} Ask an admin.
        </p>
      )}
      {!mayCall && (
        <p
          role="note"
          data-testid="no-call-note"
          className={`${NOTE} border-zinc-200 bg-zinc-50 text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300`}
        >
          You can browse this tool. Calling it needs the operator or admin role: ask an admin.
        </p>
      )}
    </>
  );
}
