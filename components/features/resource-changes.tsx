"use client";

// What changed in a watched resource since the read before, content by content.
import type { ReactNode } from "react";
import type { ContentChange } from "./content-changes";

const LINE_CLASS: Record<string, string> = {
  "+": "bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200",
  "-": "bg-rose-50 text-rose-900 dark:bg-rose-950/40 dark:text-rose-200",
  " ": "text-muted",
  "…": "text-muted",
};

function describe(change: ContentChange): string {
  switch (change.kind) {
    case "same":
      return "no change";
    case "text":
      return `${change.added} line${change.added === 1 ? "" : "s"} added, ${change.removed} removed`;
    case "binary":
      return `binary contents changed (${change.beforeBytes.toLocaleString()} → ${change.afterBytes.toLocaleString()} bytes)`;
    case "too-large":
      return `changed (${change.beforeChars.toLocaleString()} → ${change.afterChars.toLocaleString()} characters: too long to compare line by line)`;
    case "added":
      return "a new content";
    case "removed":
      return "no longer in the answer";
  }
}

export function ResourceChanges({ changes }: { changes: ContentChange[] }): ReactNode {
  return (
    <section aria-label="Changes since the read before" data-testid="resource-changes" className="space-y-2">
      <h3 className="text-xs font-semibold">Changes since the read before</h3>
      {changes.map((change, index) => (
        <div key={index} className="text-xs">
          <p className="text-muted">
            <span className="font-mono break-all">{change.uri}</span>: <span data-testid="resource-change-summary">{describe(change)}</span>
          </p>
          {change.kind === "text" && (
            <pre
              tabIndex={0}
              className="mt-1 max-h-72 overflow-auto rounded-md border border-zinc-200 font-mono text-[12px] leading-5 dark:border-zinc-800"
            >
              {change.lines.map((line, i) => (
                <div
                  key={i}
                  className={`px-2 whitespace-pre-wrap ${LINE_CLASS[line.sign]}`}
                  data-testid="resource-diff-line"
                  data-sign={line.sign}
                >
                  {/* The sign is read out too: colour alone does not say added or removed. */}
                  <span aria-hidden="true">{line.sign === "…" ? "⋯" : line.sign} </span>
                  <span className="sr-only">{line.sign === "+" ? "added: " : line.sign === "-" ? "removed: " : ""}</span>
                  {line.text}
                </div>
              ))}
              {change.cut && <div className="px-2 text-muted">… more lines changed than shown</div>}
            </pre>
          )}
        </div>
      ))}
    </section>
  );
}
