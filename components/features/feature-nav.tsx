"use client";

// The parts of a server's page: its overview (and tools, in the catalog beside it), its
// resources, its prompts and its report card.
import Link from "next/link";
import type { ReactNode } from "react";

const PARTS = [
  { key: "overview", label: "Overview", path: "" },
  { key: "resources", label: "Resources", path: "/resources" },
  { key: "prompts", label: "Prompts", path: "/prompts" },
  { key: "report", label: "Report card", path: "/report" },
] as const;

export function FeatureNav({ serverId, current }: { serverId: string; current: (typeof PARTS)[number]["key"] }): ReactNode {
  return (
    <nav aria-label="Server" className="flex gap-1 border-b border-zinc-200 text-[13px] dark:border-zinc-800">
      {PARTS.map((part) => (
        <Link
          key={part.key}
          href={`/servers/${encodeURIComponent(serverId)}${part.path}`}
          aria-current={part.key === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-1.5 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none ${
            part.key === current
              ? "border-indigo-600 font-medium text-zinc-900 dark:border-indigo-400 dark:text-zinc-100"
              : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
          }`}
        >
          {part.label}
        </Link>
      ))}
    </nav>
  );
}
