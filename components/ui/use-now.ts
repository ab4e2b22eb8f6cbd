"use client";

// The time, kept current every `everyMs` while `running`: "updated 2 min ago", a call's elapsed
// time, an approval's countdown. It ticks through usePolling, the one timer of the UI, so a
// hidden tab does no work and catches up when shown.
import { useState } from "react";
import { usePolling } from "./use-polling";

export function useNow(everyMs: number, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  usePolling(() => setNow(Date.now()), everyMs, running);
  return now;
}
