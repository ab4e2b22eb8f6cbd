"use client";

// What a stdio server last wrote to stderr (GET /api/servers/{id}/stderr: the last 200 lines,
// its secrets masked by Toolscope before they were kept), newest at the bottom.
import { Button } from "@/components/ui/button";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import type { StderrLine } from "@/lib/mcp/stderr-log";
import { ErrorNote } from "@/components/ui/error-note";

/** `refreshKey`: when it changes (the server failed again, connected…), the lines are read again. */
export function StderrTail({ serverId, refreshKey }: { serverId: string; refreshKey?: string }): ReactNode {
  const [lines, setLines] = useState<StderrLine[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLPreElement>(null);

  const load = useCallback(async (): Promise<void> => {
    try {
      const view = await api("GET /api/servers/:serverId/stderr", { params: { serverId } });
      setLines(view.lines);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [serverId]);

  useEffect(() => {
    // Read on mount and whenever the server's state moves on.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load, refreshKey]);

  useEffect(() => {
    // The newest lines are the ones that explain a failure: start at the bottom.
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lines]);

  return (
    <div data-testid="stderr-tail" aria-busy={lines === null && error === null}>
      <div className="flex items-center gap-2">
        <h3 className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          stderr{lines ? `, last ${lines.length} ${lines.length === 1 ? "line" : "lines"}` : ""}
        </h3>
        <Button className={`${BUTTON_SECONDARY} ml-auto h-6 px-2 text-xs`} onPress={() => void load()}>
          Refresh
        </Button>
      </div>
      <ErrorNote message={error} className="mt-2" />
      {lines && lines.length === 0 && <p className="mt-2 text-[13px] text-muted">Nothing written to stderr.</p>}
      {lines && lines.length > 0 && (
        <pre
          ref={box}
          tabIndex={0}
          aria-label="The server's stderr"
          className="mt-2 max-h-72 overflow-auto rounded-md bg-zinc-50 p-2 font-mono text-[11px] leading-relaxed whitespace-pre-wrap text-zinc-800 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none dark:bg-zinc-900 dark:text-zinc-200"
          data-testid="stderr-lines"
        >
          {lines.map((line, i) => (
            <span key={i} className="block">
              <time dateTime={line.at} className="mr-2 text-muted">
                {new Date(line.at).toLocaleTimeString()}
              </time>
              {line.text}
            </span>
          ))}
        </pre>
      )}
    </div>
  );
}
