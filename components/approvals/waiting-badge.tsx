"use client";

// How many agents' calls wait for this person's decision, beside "Approvals" in the header: read
// every 10 s (and when the tab comes back), so a waiting call is noticed from any page.
import { useEffect, useState, type ReactNode } from "react";
import { fetchJson } from "@/lib/client/fetch-json";

const REFRESH_MS = 10_000;

export function WaitingBadge(): ReactNode {
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    let stopped = false;
    const load = (): void =>
      void fetchJson<{ waiting: number }>("/api/approvals?count=1")
        .then((answer) => !stopped && setWaiting(answer.waiting))
        .catch(() => undefined);
    load();
    const timer = setInterval(load, REFRESH_MS);
    window.addEventListener("focus", load);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener("focus", load);
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
