"use client";

// What a server and Toolscope told each other, looked at again every 3 s while the page is open
// (on the server's Log tab, its overview, and beside a tool):
// the messages it logged (notifications/message), newest last, with a filter by least severity
// and, where the server and its revision take it, the level to ask for (logging/setLevel); then
// every other notification either way (server-notices.tsx).
import { useState, type ReactNode } from "react";
import { Button, Disclosure, DisclosurePanel, Heading } from "react-aria-components";
import { useCan } from "@/components/auth/viewer";
import { api } from "@/components/api/client";
import { LOG_LEVELS, logSeverity } from "@/lib/domain/log-levels";

import { ServerNotices, type ServerNotice } from "./server-notices";
import { ScrollingList } from "@/components/ui/scrolling-list";
import { usePolling } from "@/components/ui/use-polling";
import { useCatalog } from "@/components/catalog/catalog-context";
import { ErrorNote } from "@/components/ui/error-note";

const REFRESH_MS = 3_000;

type ServerMessage = { at: string; level: string; logger: string | null; text: string };
type ServerLog = { messages: ServerMessage[]; notices: ServerNotice[]; canSetLevel: boolean };

const LEVEL_CLASS: Record<string, string> = {
  debug: "text-muted",
  info: "text-sky-800 dark:text-sky-300",
  notice: "text-sky-800 dark:text-sky-300",
  warning: "text-amber-800 dark:text-amber-300",
};

const SELECT = "rounded-md border border-zinc-300 bg-white px-2 py-1 text-[13px] dark:border-zinc-700 dark:bg-zinc-900";

export function ServerLogPanel({ serverId }: { serverId: string }): ReactNode {
  const [log, setLog] = useState<ServerLog | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<string>("debug");
  const [asked, setAsked] = useState<string>("");
  usePolling(async () => {
    try {
      setLog(await api("GET /api/servers/:serverId/log", { params: { serverId } }));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, REFRESH_MS);

  const askLevel = async (level: string): Promise<void> => {
    setAsked(level);
    try {
      setLog(await api("PUT /api/servers/:serverId/log", { params: { serverId }, body: { level } }));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const messages = (log?.messages ?? []).filter((m) => logSeverity(m.level) >= logSeverity(shown));
  return (
    <section className="mt-6" aria-labelledby="server-log-title" aria-busy={log === null && error === null} data-testid="server-log">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="server-log-title" className="text-sm font-semibold">
          Notifications
        </h2>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h3 className="text-xs font-semibold">Log</h3>
        <label className="flex items-center gap-1.5 text-xs text-muted">
          Show from
          <select className={SELECT} value={shown} onChange={(e) => setShown(e.target.value)} data-testid="server-log-filter">
            {LOG_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        </label>
        {log?.canSetLevel && (
          <label className="flex items-center gap-1.5 text-xs text-muted">
            Ask the server for
            <select className={SELECT} value={asked} onChange={(e) => void askLevel(e.target.value)} data-testid="server-log-level">
              <option value="" disabled>
                its default
              </option>
              {LOG_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level} and above
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <ErrorNote message={error} className="mt-2" />
      {log && messages.length === 0 && (
        <p className="mt-2 text-[13px] text-muted">
          {log.messages.length ? "No message at this level or above." : "The server has logged nothing since Toolscope connected."}
        </p>
      )}
      {messages.length > 0 && (
        <ScrollingList label="Log messages">
          {messages.map((message, index) => (
            <li
              key={`${message.at}-${index}`}
              data-testid="server-log-message"
              data-level={message.level}
              className="flex gap-2 border-b border-zinc-100 px-3 py-1.5 last:border-0 dark:border-zinc-900"
            >
              <time dateTime={message.at} className="shrink-0 text-muted">
                {message.at.slice(11, 19)}
              </time>
              <span className={`w-16 shrink-0 font-semibold uppercase ${LEVEL_CLASS[message.level] ?? "text-rose-700 dark:text-rose-300"}`}>
                {message.level}
              </span>
              <span className="min-w-0 break-words">
                {message.logger && <span className="text-muted">{message.logger}: </span>}
                {message.text}
              </span>
            </li>
          ))}
        </ScrollingList>
      )}
      {log && <ServerNotices notices={log.notices} />}
    </section>
  );
}

/** The server's Log tab: its log and notifications, once it is connected. */
export function ServerLogPage({ serverId }: { serverId: string }): ReactNode {
  const { data } = useCatalog();
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-8" data-testid="server-log-page">
      <h1 className="text-lg font-semibold tracking-tight">Log</h1>
      <p className="mt-1 text-sm text-muted">What the server logged (notifications/message) and every other notification either way.</p>
      {data?.server.status === "ready" ? (
        <ServerLogPanel serverId={serverId} />
      ) : (
        <p className="mt-4 text-sm text-muted">{data ? `The server is ${data.server.status}.` : "Connecting…"}</p>
      )}
    </div>
  );
}

/** Beside a tool: the server's log, folded until opened (it is asked for only while open). */
export function ServerLogBeside({ serverId }: { serverId: string }): ReactNode {
  const [open, setOpen] = useState(false);
  const mayCall = useCan("tools:call");
  if (!mayCall) return null;
  return (
    <Disclosure isExpanded={open} onExpandedChange={setOpen} className="mt-6 rounded-lg border border-zinc-200 dark:border-zinc-800">
      <Heading level={2} className="text-[13px] font-medium">
        <Button
          slot="trigger"
          className="group flex w-full items-center gap-2 px-4 py-2 text-left focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none"
          data-testid="server-log-beside"
        >
          <span aria-hidden className="text-zinc-500 group-aria-expanded:rotate-90">
            ▸
          </span>
          Server log and notifications
        </Button>
      </Heading>
      <DisclosurePanel className="px-4 pb-3">{open && <ServerLogPanel serverId={serverId} />}</DisclosurePanel>
    </Disclosure>
  );
}
