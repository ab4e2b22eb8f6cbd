"use client";

// How many agents' calls wait for this person's decision: a badge beside "Approvals" in the
// header's nav, and, on a phone, where that nav has scrolled out of sight, a link of its own
// beside the person's menu (waiting-count.ts reads the count once for both).
import Link from "next/link";
import type { ReactNode } from "react";
import { useWaitingCount } from "./waiting-count";

export function WaitingBadge(): ReactNode {
  const waiting = useWaitingCount();
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

/** The phone's own way to the waiting calls: the nav that holds the badge scrolls sideways there. */
export function WaitingAlert(): ReactNode {
  const waiting = useWaitingCount();
  if (waiting === 0) return null;
  return (
    <Link
      href="/approvals"
      className="rounded-full bg-amber-700 px-2 py-0.5 text-[11px] font-semibold text-white tabular-nums focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none sm:hidden"
      data-testid="approvals-alert"
    >
      {waiting} waiting<span className="sr-only"> for your approval</span>
    </Link>
  );
}
