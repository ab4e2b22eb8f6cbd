import type { ReactNode } from "react";

/**
 * A list that scrolls in a box of its own, as a server's log and its notifications do. It takes
 * focus, so the keyboard can scroll it (axe: scrollable-region-focusable), and so it needs a name.
 */
export function ScrollingList({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <ol
      tabIndex={0}
      aria-label={label}
      className="mt-2 max-h-80 overflow-auto rounded-lg border border-zinc-200 font-mono text-[12px] focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none dark:border-zinc-800"
    >
      {children}
    </ol>
  );
}
