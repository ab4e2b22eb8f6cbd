import type { ReactNode } from "react";
import { toolUi } from "@/lib/domain/app-ui";
import type { Tool } from "@/lib/domain/mcp-types";
import { toolHints, type Hint } from "@/lib/domain/tool-hints";

type Tone = "green" | "red" | "blue" | "amber" | "zinc";

const TONES: Record<Tone, string> = {
  green: "border-emerald-200 bg-emerald-50 text-emerald-700 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-300",
  red: "border-rose-200 bg-rose-50 text-rose-700 dark:border-rose-900 dark:bg-rose-950/50 dark:text-rose-300",
  blue: "border-sky-200 bg-sky-50 text-sky-700 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-300",
  amber: "border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-300",
  zinc: "border-zinc-200 bg-zinc-50 text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-400",
};

export function Badge({
  tone,
  implied,
  unverified,
  title,
  children,
  testId,
}: {
  tone: Tone;
  implied?: boolean;
  unverified?: boolean;
  title: string;
  children: ReactNode;
  testId?: string;
}): ReactNode {
  return (
    <span
      title={unverified ? `${title}. Not believed: the server is not trusted, and the spec says to treat its hints as untrusted.` : title}
      data-testid={testId}
      data-implied={implied ? "true" : undefined}
      data-unverified={unverified ? "true" : undefined}
      className={`inline-flex h-[18px] items-center rounded border px-1.5 text-[11px] leading-none font-medium whitespace-nowrap ${TONES[tone]} ${implied ? "border-dashed bg-transparent dark:bg-transparent" : ""}`}
    >
      {children}
      {unverified && (
        <span aria-label="not believed" className="ml-0.5 text-[10px] font-semibold opacity-70" data-testid="unverified-marker">
          ?
        </span>
      )}
    </span>
  );
}

function describe(name: string, hint: Hint): string {
  return hint.explicit ? `${name}: declared by the server` : `${name}: implied by the spec's default (the server did not say)`;
}

/**
 * Badges for the hints that hold; implied ones (spec defaults) are drawn dashed. Hints from a
 * server that is not trusted carry a "not believed" marker.
 */
export function HintBadges({ tool, trusted }: { tool: Tool; trusted: boolean }): ReactNode {
  const h = toolHints(tool);
  const u = !trusted;
  const taskSupport = (tool.execution as { taskSupport?: string } | undefined)?.taskSupport;
  const ui = toolUi(tool);
  return (
    <>
      {h.readOnly.value && (
        <Badge tone="green" title={describe("Read-only", h.readOnly)} testId="badge-read-only" unverified={u}>
          read-only
        </Badge>
      )}
      {h.destructive.applies && h.destructive.value && (
        <Badge
          tone="red"
          implied={!h.destructive.explicit}
          title={describe("Destructive", h.destructive)}
          testId="badge-destructive"
          unverified={u}
        >
          destructive
        </Badge>
      )}
      {h.idempotent.applies && h.idempotent.value && (
        <Badge tone="blue" title={describe("Idempotent", h.idempotent)} testId="badge-idempotent" unverified={u}>
          idempotent
        </Badge>
      )}
      {h.openWorld.value && (
        <Badge
          tone="amber"
          implied={!h.openWorld.explicit}
          title={describe("Open world", h.openWorld)}
          testId="badge-open-world"
          unverified={u}
        >
          open-world
        </Badge>
      )}
      {(taskSupport === "optional" || taskSupport === "required") && (
        <Badge tone="zinc" title={`Can run as a task (${taskSupport})`} testId="badge-task">
          task: {taskSupport}
        </Badge>
      )}
      {tool.outputSchema && (
        <Badge tone="zinc" title="Declares an output schema" testId="badge-output-schema">
          output schema
        </Badge>
      )}
      {ui && (
        <Badge
          tone="blue"
          title={`Has a UI of its own (MCP App, ${ui.resourceUri})${ui.visibility.includes("model") ? "" : "; only its app calls it"}`}
          testId="badge-app"
        >
          {ui.visibility.includes("model") ? "app" : "app only"}
        </Badge>
      )}
    </>
  );
}
