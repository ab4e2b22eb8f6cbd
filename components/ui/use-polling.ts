"use client";

// The one way the UI looks at something again and again: `tick` at once, then every
// `intervalMs`, never two at a time (a slow answer is not overtaken by the next ask), and not
// while the tab is hidden (it catches up when shown again). Clocks (use-now.ts) tick through it.
import { useEffect, useEffectEvent } from "react";

/** Starts polling outside React (a store several components read); returns the stop. */
export function startPolling(tick: () => void | Promise<void>, intervalMs: number): () => void {
  let stopped = false;
  let busy = false;
  const once = async (): Promise<void> => {
    if (busy || stopped || document.visibilityState === "hidden") return;
    busy = true;
    try {
      await tick();
    } finally {
      busy = false;
    }
  };
  void once();
  const timer = setInterval(() => void once(), intervalMs);
  const shown = (): void => void once();
  document.addEventListener("visibilitychange", shown);
  return () => {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener("visibilitychange", shown);
  };
}

/** Polls while the component is mounted and `enabled`. */
export function usePolling(tick: () => void | Promise<void>, intervalMs: number, enabled = true): void {
  const run = useEffectEvent(tick);
  useEffect(() => (enabled ? startPolling(() => run(), intervalMs) : undefined), [intervalMs, enabled]);
}
