"use client";

// The one way a page looks at something again and again: `tick` at once, then every `intervalMs`
// while `enabled`, never two at a time (a slow answer is not overtaken by the next ask), and not
// while the tab is hidden (it catches up when shown again).
import { useEffect, useEffectEvent } from "react";

export function usePolling(tick: () => void | Promise<void>, intervalMs: number, enabled = true): void {
  const run = useEffectEvent(tick);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let busy = false;
    const once = async (): Promise<void> => {
      if (busy || stopped || document.visibilityState === "hidden") return;
      busy = true;
      try {
        await run();
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
  }, [intervalMs, enabled]);
}
