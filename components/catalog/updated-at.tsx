"use client";

import { useEffect, useState, type ReactNode } from "react";

function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 5) return "just now";
  if (s < 60) return `${s}s ago`;
  const m = Math.round(s / 60);
  return m < 60 ? `${m}m ago` : `${Math.round(m / 60)}h ago`;
}

/** When the catalog was last refreshed from the server, kept current. */
export function UpdatedAt({ iso }: { iso: string | null }): ReactNode {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);
  if (!iso) return null;
  return (
    <span title={`Tool list refreshed at ${new Date(iso).toLocaleString()}`} data-testid="catalog-updated">
      updated {ago(now - Date.parse(iso))}
    </span>
  );
}
