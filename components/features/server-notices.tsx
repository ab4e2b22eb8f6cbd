"use client";

// The notifications a server and Toolscope sent each other besides log messages, newest last:
// progress, list changes, resource updates, cancellations and the rest, filtered by kind. Each
// says which way it went: from the server, or from Toolscope (a cancellation, `initialized`).
import { useState, type ReactNode } from "react";
import { ScrollingList } from "@/components/ui/scrolling-list";

export type ServerNotice = { at: string; direction: "in" | "out"; method: string; text: string };

const KINDS = {
  all: { label: "all", test: () => true },
  progress: { label: "progress", test: (method: string) => method === "notifications/progress" },
  lists: { label: "list changes", test: (method: string) => method.endsWith("/list_changed") },
  updates: { label: "resource updates", test: (method: string) => method === "notifications/resources/updated" },
  cancelled: { label: "cancellations", test: (method: string) => method === "notifications/cancelled" },
} as const;
type Kind = keyof typeof KINDS;

const SELECT = "rounded-md border border-zinc-300 bg-white px-2 py-1 text-[13px] dark:border-zinc-700 dark:bg-zinc-900";

export function ServerNotices({ notices }: { notices: ServerNotice[] }): ReactNode {
  const [kind, setKind] = useState<Kind>("all");
  const shown = notices.filter((notice) => KINDS[kind].test(notice.method));
  return (
    <div className="mt-4" data-testid="server-notices">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-xs font-semibold">Progress, list changes, updates and cancellations</h3>
        <label className="flex items-center gap-1.5 text-xs text-muted">
          Show
          <select className={SELECT} value={kind} onChange={(e) => setKind(e.target.value as Kind)} data-testid="server-notices-filter">
            {(Object.keys(KINDS) as Kind[]).map((key) => (
              <option key={key} value={key}>
                {KINDS[key].label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {shown.length === 0 ? (
        <p className="mt-2 text-[13px] text-muted">
          {notices.length ? "None of this kind." : "No notification either way since Toolscope connected."}
        </p>
      ) : (
        <ScrollingList label="Notifications besides the log">
          {shown.map((notice, index) => (
            <li
              key={`${notice.at}-${index}`}
              data-testid="server-notice"
              data-method={notice.method}
              data-direction={notice.direction}
              className="flex gap-2 border-b border-zinc-100 px-3 py-1.5 last:border-0 dark:border-zinc-900"
            >
              <time dateTime={notice.at} className="shrink-0 text-muted">
                {notice.at.slice(11, 19)}
              </time>
              <span className="shrink-0 text-muted" title={notice.direction === "in" ? "from the server" : "from Toolscope"}>
                <span aria-hidden="true">{notice.direction === "in" ? "←" : "→"}</span>
                <span className="sr-only">{notice.direction === "in" ? "from the server:" : "from Toolscope:"}</span>
              </span>
              <span className="min-w-0 break-words">
                <span className="font-semibold">{notice.method.replace(/^notifications\//, "")}</span>
                {notice.text && <span className="text-muted"> {notice.text}</span>}
              </span>
            </li>
          ))}
        </ScrollingList>
      )}
    </div>
  );
}
