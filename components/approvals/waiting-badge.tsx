"use client";

// How many agents' calls wait for this person's decision, beside "Approvals" in the header: read
// every 10 s while the tab is seen, and at once when it is seen again, so a waiting call is
// noticed from any page and tabs in the background ask nothing.
import { useEffect, useState, type ReactNode } from "react";
import { fetchJson } from "@/lib/client/fetch-json";

const REFRESH_MS = 10_000;

export function WaitingBadge(): ReactNode {
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    let stopped = false;
    const load = (): void => {
      if (document.visibilityState === "hidden") return;
      void fetchJson<{ waiting: number }>("/api/approvals?count=1")
        .then((answer) => !stopped && setWaiting(answer.waiting))
        .catch(() => undefined);
    };
    load();
    const timer = setInterval(load, REFRESH_MS);
    document.addEventListener("visibilitychange", load);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", load);
    };
  }, []);
  if (waiting === 0) return null;
  // relative: the screen-reader words (absolutely placed) stay inside the scrolling nav, not past the page's edge.
  return (
    <span
      className="relative ml-1 rounded-full bg-amber-700 px-1.5 text-[11px] font-semibold text-white tabular-nums"
      data-testid="approvals-badge"
    >
      {waiting}
      <span className="sr-only"> waiting for you</span>
    </span>
  );
}
