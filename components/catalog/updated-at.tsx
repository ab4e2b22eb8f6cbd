"use client";

import { useEffect, useState, type ReactNode } from "react";
import { timeAgo } from "@/components/ui/time-ago";

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
      updated {timeAgo(now - Date.parse(iso))}
    </span>
  );
}
