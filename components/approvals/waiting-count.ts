"use client";

// How many agents' calls wait for this person's decision, read once for the whole page however
// many places show it (the header's badge, the phone's alert): every 10 s while the tab is seen,
// at once when it is seen again, and whenever a decision here may have changed it.
import { useSyncExternalStore } from "react";
import { api } from "@/components/api/client";
import { startPolling } from "@/components/ui/use-polling";

const REFRESH_MS = 10_000;

const listeners = new Set<() => void>();
let waiting = 0;
let stopPolling: (() => void) | undefined;

async function readWaiting(): Promise<void> {
  // With ?count=1 the route answers only the count; without, the lists.
  const count = (await api("GET /api/approvals", { query: { count: 1 } }).catch(() => null))?.waiting;
  if (typeof count !== "number" || count === waiting) return;
  waiting = count;
  for (const listener of listeners) listener();
}

/** Reads the count again now (after an approval was decided on this page, say). */
export function refreshWaiting(): void {
  if (typeof document !== "undefined" && document.visibilityState === "hidden") return;
  void readWaiting();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) stopPolling = startPolling(readWaiting, REFRESH_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stopPolling?.();
  };
}

export function useWaitingCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => waiting,
    () => 0,
  );
}
