"use client";

// The parts of a server, on every page of it (a tool's page too): its overview, resources,
// prompts, skills, log, protocol messages and report card, one click from wherever the person is. The
// tools are the catalog beside them.
import { usePathname } from "next/navigation";
import { IntentLink } from "@/components/ui/intent-link";
import type { ReactNode } from "react";
import { useCan } from "@/components/auth/viewer";

const PARTS = [
  { key: "overview", label: "Overview", path: "" },
  { key: "resources", label: "Resources", path: "/resources" },
  { key: "prompts", label: "Prompts", path: "/prompts" },
  { key: "skills", label: "Skills", path: "/skills" },
  { key: "log", label: "Log", path: "/log" },
  { key: "protocol", label: "Protocol", path: "/protocol" },
  { key: "report", label: "Report card", path: "/report" },
] as const;

export function FeatureNav({ serverId }: { serverId: string }): ReactNode {
  const pathname = usePathname();
  // What a server logged, and the messages of its calls, hold what the calls carried.
  const mayCall = useCan("tools:call");
  const mayReadPayloads = useCan("audit:payloads");
  const base = `/servers/${encodeURIComponent(serverId)}`;
  const parts = PARTS.filter((part) => (part.key === "log" ? mayCall : part.key === "protocol" ? mayReadPayloads : true));
  return (
    <nav
      aria-label="Server"
      className="flex gap-1 overflow-x-auto border-b border-zinc-200 px-4 text-[13px] sm:px-8 dark:border-zinc-800"
      data-testid="server-tabs"
    >
      {parts.map((part) => {
        const href = `${base}${part.path}`;
        const current = decodeURIComponent(pathname) === decodeURIComponent(href);
        return (
          <IntentLink
            key={part.key}
            href={href}
            aria-current={current ? "page" : undefined}
            className={`-mb-px shrink-0 border-b-2 px-3 py-2 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none ${
              current
                ? "border-indigo-600 font-medium text-zinc-900 dark:border-indigo-400 dark:text-zinc-100"
                : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
            }`}
          >
            {part.label}
          </IntentLink>
        );
      })}
    </nav>
  );
}
