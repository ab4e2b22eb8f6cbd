"use client";

// How many agents' calls wait for this person's decision, read once for the whole page however
// many places show it (the header's badge, the phone's alert): every 10 s while the tab is seen,
// at once when it is seen again, and whenever a decision here may have changed it.
import { useSyncExternalStore } from "react";
import { fetchJson } from "@/lib/client/fetch-json";

const REFRESH_MS = 10_000;

const listeners = new Set<() => void>();
let waiting = 0;
let timer: ReturnType<typeof setInterval> | undefined;

/** Reads the count again now (after an approval was decided on this page, say). */
export function refreshWaiting(): void {
  if (typeof document !== "undefined" && document.visibilityState === "hidden") return;
  void fetchJson<{ waiting: number }>("/api/approvals?count=1")
    .then((answer) => {
      if (answer.waiting === waiting) return;
      waiting = answer.waiting;
      for (const listener of listeners) listener();
    })
    .catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    refreshWaiting();
    timer = setInterval(refreshWaiting, REFRESH_MS);
    document.addEventListener("visibilitychange", refreshWaiting);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refreshWaiting);
    }
  };
}

export function useWaitingCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => waiting,
    () => 0,
  );
}
