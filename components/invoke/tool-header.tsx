"use client";

// A tool's name, behaviour badges and description: the top of its page.
import type { ReactNode } from "react";
import { HintBadges } from "@/components/catalog/hint-badges";
import { ToolIcon } from "@/components/catalog/tool-icon";
import { LintBadge } from "@/components/catalog/tool-problems";
import { Markdown } from "@/components/ui/markdown";
import type { Tool } from "@/lib/domain/mcp-types";
import { toolDisplayName } from "@/lib/domain/tool-hints";

export function ToolHeader({
  tool,
  serverId,
  trusted,
  warnings,
}: {
  tool: Tool;
  serverId: string;
  trusted: boolean;
  warnings: string[] | undefined;
}): ReactNode {
  return (
    <header className="flex items-start gap-3">
      <ToolIcon tool={tool} size={32} serverId={serverId} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h1 className="text-lg font-semibold tracking-tight break-words" data-testid="tool-title">
            {toolDisplayName(tool)}
          </h1>
          <code className="font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">{tool.name}</code>
        </div>
        <div className="mt-1.5 flex flex-wrap gap-1">
          <HintBadges tool={tool} trusted={trusted} />
          {warnings && <LintBadge warnings={warnings} />}
        </div>
        {tool.description && <Markdown source={tool.description} className="mt-2 text-[13px] text-zinc-600 dark:text-zinc-300" />}
      </div>
    </header>
  );
}
