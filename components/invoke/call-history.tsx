"use client";

import { Button } from "@/components/ui/button";
import type { ReactNode } from "react";
import { outcomeInfo, shownOutcome } from "@/lib/domain/outcomes";
import { SaveCallButton, type CallToSave } from "@/components/saved/save-call-dialog";
import { useCallHistory } from "./session-history";

export function CallHistory({
  historyKey,
  onRestore,
  onRunAgain,
  saveAs,
}: {
  historyKey: string;
  onRestore: (args: Record<string, unknown>) => void;
  /** Runs an earlier call again with its own arguments; absent when the viewer may not call. */
  onRunAgain?: ((args: Record<string, unknown>) => void) | undefined;
  /** What "Save" saves for an earlier call's arguments; absent when the viewer may not call. */
  saveAs?: ((args: Record<string, unknown>) => CallToSave) | undefined;
}): ReactNode {
  const history = useCallHistory(historyKey);
  if (history.length === 0) return null;
  return (
    <section className="mt-6" aria-label="Earlier calls" data-testid="call-history">
      <h2 className="text-[11px] font-medium tracking-wide text-muted uppercase">Calls to this tool in this session</h2>
      <ul className="mt-2 divide-y divide-zinc-100 rounded-lg border border-zinc-200 text-xs dark:divide-zinc-900 dark:border-zinc-800">
        {history.map((call) => {
          const outcome = call.status === "failed" ? null : outcomeInfo(shownOutcome(call.status, call.outputVerdict));
          return (
            <li key={call.at} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1.5" data-testid="history-item">
              <span className="font-mono text-muted">{new Date(call.at).toLocaleTimeString()}</span>
              <span className={`w-32 ${outcome ? outcome.text : "text-rose-700 dark:text-rose-400"}`}>
                {outcome ? outcome.label : "Request failed"}
              </span>
              <span className="font-mono text-muted">{call.durationMs === null ? "—" : `${call.durationMs} ms`}</span>
              <span className="min-w-0 flex-1 basis-40 truncate font-mono text-muted" title={JSON.stringify(call.args)}>
                {JSON.stringify(call.args)}
              </span>
              <Button
                className="text-indigo-600 hover:underline dark:text-indigo-400"
                onPress={() => onRestore(call.args)}
                data-testid="history-restore"
              >
                Restore inputs
              </Button>
              {onRunAgain && (
                <Button
                  className="text-indigo-600 hover:underline dark:text-indigo-400"
                  onPress={() => onRunAgain(call.args)}
                  data-testid="history-run-again"
                >
                  Run again as before
                </Button>
              )}
              {saveAs && (
                <SaveCallButton call={saveAs(call.args)} className="text-indigo-600 hover:underline dark:text-indigo-400" label="Save" />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
