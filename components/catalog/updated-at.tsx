"use client";

import type { ReactNode } from "react";
import { timeAgo } from "@/components/ui/time-ago";
import { useNow } from "@/components/ui/use-now";

/** When the catalog was last refreshed from the server, kept current. */
export function UpdatedAt({ iso }: { iso: string | null }): ReactNode {
  const now = useNow(5_000);
  if (!iso) return null;
  return (
    <span title={`Tool list refreshed at ${new Date(iso).toLocaleString()}`} data-testid="catalog-updated">
      updated {timeAgo(now - Date.parse(iso))}
    </span>
  );
}
