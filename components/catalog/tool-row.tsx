import Link from "next/link";
import { memo, type ReactNode } from "react";
import type { Tool } from "@/lib/domain/mcp-types";
import { toolDisplayName } from "@/lib/domain/tool-hints";
import { HintBadges } from "./hint-badges";
import { LintBadge } from "./tool-problems";
import { ToolIcon } from "./tool-icon";

export const TOOL_ROW_HEIGHT = 76;

type Props = {
  tool: Tool;
  serverId: string;
  href: string;
  active: boolean;
  trusted: boolean;
  warnings: string[] | undefined;
  highlight: "added" | "changed" | undefined;
  /** Whether this row holds its list's one Tab stop (VirtualList's roving tabindex). */
  focusable?: boolean;
};

/** One tool in the catalog: icon, display name and name, one line of description, badges. */
export const ToolRow = memo(function ToolRow({
  tool,
  serverId,
  href,
  active,
  trusted,
  warnings,
  highlight,
  focusable = true,
}: Props): ReactNode {
  return (
    <Link
      href={href}
      prefetch={false}
      data-testid="catalog-item"
      data-tool-name={tool.name}
      data-highlight={highlight}
      tabIndex={focusable ? 0 : -1}
      aria-current={active ? "page" : undefined}
      className={`flex h-full gap-2.5 overflow-hidden rounded-md px-2 py-2 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset duration-700 ${
        active
          ? "bg-indigo-50 dark:bg-indigo-950/40"
          : highlight
            ? "bg-amber-50 dark:bg-amber-950/30"
            : "hover:bg-zinc-50 dark:hover:bg-zinc-900"
      }`}
    >
      <ToolIcon tool={tool} size={20} serverId={serverId} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className={`truncate text-[13px] font-medium ${active ? "text-indigo-700 dark:text-indigo-300" : ""}`}>
            {toolDisplayName(tool)}
          </span>
          <span className="truncate font-mono text-[11px] text-muted">{tool.name}</span>
          {highlight && (
            <span className="ml-auto shrink-0 text-[10px] font-medium text-amber-700 uppercase dark:text-amber-400">{highlight}</span>
          )}
        </span>
        <span className="mt-0.5 block h-4 truncate text-xs text-muted">{tool.description}</span>
        <span className="mt-1 flex h-[18px] gap-1 overflow-hidden">
          <HintBadges tool={tool} trusted={trusted} />
          {warnings && <LintBadge warnings={warnings} />}
        </span>
      </span>
    </Link>
  );
});
