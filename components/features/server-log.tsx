"use client";

// What a server and Toolscope told each other, looked at again every 3 s while the page is open:
// the messages it logged (notifications/message), newest last, with a filter by least severity
// and, where the server and its revision take it, the level to ask for (logging/setLevel); then
// every other notification either way (server-notices.tsx).
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { LOG_LEVELS, logSeverity } from "@/lib/domain/log-levels";
import { ERROR_NOTE } from "@/components/ui/classes";
import { ServerNotices, type ServerNotice } from "./server-notices";
import { ScrollingList } from "@/components/ui/scrolling-list";

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
  const path = `/api/servers/${encodeURIComponent(serverId)}/log`;
  const load = useCallback(async () => {
    try {
      setLog(await fetchJson<ServerLog>(path));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [path]);
  useEffect(() => {
    // Loading on mount, then every few seconds.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const askLevel = async (level: string): Promise<void> => {
    setAsked(level);
    try {
      setLog(await fetchJson<ServerLog>(path, { method: "PUT", body: JSON.stringify({ level }) }));
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
      {error && <p className={`${ERROR_NOTE} mt-2`}>{error}</p>}
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
