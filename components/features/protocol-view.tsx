"use client";

// The protocol view: every JSON-RPC message between Toolscope and the server on the person's
// connection, both ways, notifications included, as it happens (asked again every second), newest
// last; filtered by method and direction; each opens as JSON, and a request can be sent again.
import { Button } from "@/components/ui/button";
import { useId, useMemo, useState, type ReactNode } from "react";
import { BUTTON_SECONDARY, INPUT } from "@/components/ui/classes";
import { usePolling } from "@/components/ui/use-polling";
import { api } from "@/components/api/client";
import { ProtocolMessageRow, type ProtocolMessage } from "./protocol-message";
import { ErrorNote } from "@/components/ui/error-note";

const REFRESH_MS = 1_000;
type Direction = "both" | "out" | "in";

export function ProtocolView({ serverId }: { serverId: string }): ReactNode {
  const [messages, setMessages] = useState<ProtocolMessage[]>([]);
  const [kept, setKept] = useState(300);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paused, setPaused] = useState(false);
  const [direction, setDirection] = useState<Direction>("both");
  const [method, setMethod] = useState("");
  // Cleared: messages up to here are not shown again.
  const [clearedAt, setClearedAt] = useState(0);
  const methodsId = useId();

  usePolling(
    async () => {
      const last = messages.at(-1)?.seq ?? 0;
      try {
        const view = await api("GET /api/servers/:serverId/protocol", { params: { serverId }, query: { after: last } });
        setKept(view.kept);
        if (view.messages.length) setMessages((current) => [...current, ...view.messages].slice(-view.kept));
        setError(null);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      } finally {
        setLoaded(true);
      }
    },
    REFRESH_MS,
    !paused,
  );

  const methods = useMemo(() => [...new Set(messages.map((m) => m.method).filter((m): m is string => m !== null))].sort(), [messages]);
  const wanted = method.trim().toLowerCase();
  const shown = messages.filter(
    (m) =>
      m.seq > clearedAt &&
      (direction === "both" || m.direction === direction) &&
      (!wanted || (m.method ?? "").toLowerCase().includes(wanted)),
  );

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-8" data-testid="protocol-view">
      <h1 className="text-lg font-semibold tracking-tight">Protocol</h1>
      <p className="mt-1 text-sm text-muted">
        Every JSON-RPC message on your connection to this server, both ways, as it happens: the latest {kept} are kept. Secret values are
        masked.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3" role="group" aria-label="Filter messages">
        <label className="text-[13px]">
          <span className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300">Method</span>
          <input
            value={method}
            onChange={(e) => setMethod(e.target.value)}
            list={methodsId}
            placeholder="tools/call"
            className={`${INPUT} w-56 font-mono`}
            data-testid="protocol-method-filter"
          />
          <datalist id={methodsId}>
            {methods.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </label>
        <label className="text-[13px]">
          <span className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300">Direction</span>
          <select
            value={direction}
            onChange={(e) => setDirection(e.target.value as Direction)}
            className={`${INPUT} w-48`}
            data-testid="protocol-direction-filter"
          >
            <option value="both">Both ways</option>
            <option value="out">Sent by Toolscope</option>
            <option value="in">Sent by the server</option>
          </select>
        </label>
        <div className="ml-auto flex gap-2">
          <Button className={BUTTON_SECONDARY} onPress={() => setPaused((p) => !p)} data-testid="protocol-pause">
            {paused ? "Resume" : "Pause"}
          </Button>
          <Button
            className={BUTTON_SECONDARY}
            onPress={() => setClearedAt(messages.at(-1)?.seq ?? 0)}
            isDisabled={shown.length === 0}
            data-testid="protocol-clear"
          >
            Clear
          </Button>
        </div>
      </div>
      <ErrorNote message={error} className="mt-3" />
      <p className="mt-3 text-xs text-muted" aria-live="polite" data-testid="protocol-count">
        {!loaded
          ? "Loading…"
          : `${shown.length} message${shown.length === 1 ? "" : "s"}${shown.length !== messages.length ? ` of ${messages.length}` : ""}${paused ? " · paused" : " · live"}`}
      </p>
      {loaded && messages.length === 0 && (
        <p className="mt-2 text-sm text-muted">Nothing yet: messages appear here as Toolscope and the server exchange them.</p>
      )}
      {shown.length > 0 && (
        <ol
          className="mt-2 divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-900 dark:border-zinc-800"
          data-testid="protocol-messages"
        >
          {shown.map((m) => (
            <ProtocolMessageRow key={m.seq} serverId={serverId} message={m} />
          ))}
        </ol>
      )}
    </div>
  );
}
