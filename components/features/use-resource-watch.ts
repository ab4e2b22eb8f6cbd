"use client";

// Watching one resource through Toolscope's watch feed (lib/mcp/resource-watch-stream.ts):
// `onUpdated` runs each time the server says the resource changed. A feed the server or the
// connection ended is opened again by EventSource itself; a refusal is final until asked again.
import { useEffect, useRef, useState } from "react";

export type WatchState =
  | { phase: "off" }
  | { phase: "starting" }
  | { phase: "watching"; method: string; since: string; lastUpdate: string | null; updates: number }
  | { phase: "interrupted"; reason: string }
  | { phase: "refused"; message: string };

const OFF: WatchState = { phase: "off" };

export function useResourceWatch(serverId: string, uri: string | null, on: boolean, onUpdated: () => void): WatchState {
  const [state, setState] = useState<WatchState>(OFF);
  const updated = useRef(onUpdated);
  useEffect(() => {
    updated.current = onUpdated;
  }, [onUpdated]);

  useEffect(() => {
    if (!on || !uri) return;
    const path = `/api/servers/${encodeURIComponent(serverId)}/resources/watch?uri=${encodeURIComponent(uri)}`;
    const source = new EventSource(path);
    const data = (event: Event): Record<string, string> => JSON.parse((event as MessageEvent<string>).data) as Record<string, string>;
    // A new feed starts from nothing (also when the watched URI changes).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setState({ phase: "starting" });
    source.addEventListener("watching", (event) => {
      const { method = "", since = new Date().toISOString() } = data(event);
      setState({ phase: "watching", method, since, lastUpdate: null, updates: 0 });
    });
    source.addEventListener("updated", (event) => {
      const { at = new Date().toISOString() } = data(event);
      setState((current) => (current.phase === "watching" ? { ...current, lastUpdate: at, updates: current.updates + 1 } : current));
      updated.current();
    });
    source.addEventListener("ended", (event) => setState({ phase: "interrupted", reason: data(event).reason ?? "The watch ended." }));
    source.addEventListener("refused", (event) => {
      source.close();
      setState({ phase: "refused", message: data(event).message ?? "The server will not watch this resource." });
    });
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED)
        setState((current) =>
          current.phase === "refused"
            ? current
            : { phase: "refused", message: "Toolscope would not open the watch (no access, or the server is gone)." },
        );
      else
        setState((current) =>
          current.phase === "watching" || current.phase === "starting"
            ? { phase: "interrupted", reason: "The watch feed dropped." }
            : current,
        );
    };
    return () => {
      source.close();
      setState(OFF);
    };
  }, [serverId, uri, on]);

  return on && uri ? state : OFF;
}
