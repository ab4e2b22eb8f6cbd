// What is wrong with a server's tools: lint warnings on a usable tool, and the tools that
// failed validation altogether (listed with the reasons, never offered to run).
import type { ReactNode } from "react";
import type { InvalidToolInfo } from "@/lib/domain/mcp-types";
import { Badge } from "./hint-badges";
import { Disclosure } from "@/components/ui/disclosure";

export function LintBadge({ warnings }: { warnings: string[] }): ReactNode {
  return (
    <Badge tone="amber" title={warnings.join("\n")} testId="badge-lint">
      ⚠ {warnings.length} lint
    </Badge>
  );
}

export function InvalidTools({ invalid }: { invalid: InvalidToolInfo[] }): ReactNode {
  return (
    <Disclosure
      className="border-t border-zinc-200 px-3 py-2 text-xs dark:border-zinc-800"
      testId="catalog-invalid"
      defaultOpen
      triggerClassName=" font-medium text-rose-700  dark:text-rose-400"
      title={
        <>
          {invalid.length} invalid {invalid.length === 1 ? "tool" : "tools"} (left out)
        </>
      }
    >
      <ul className="mt-2 max-h-48 space-y-2 overflow-y-auto">
        {invalid.map((tool) => (
          <li key={tool.index} data-testid="invalid-tool">
            <span className="font-mono">{tool.name ?? `#${tool.index + 1} (no name)`}</span>
            <ul className="mt-0.5 list-disc pl-4 text-muted">
              {tool.problems.slice(0, 5).map((problem, i) => (
                <li key={i}>{problem}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Disclosure>
  );
}
