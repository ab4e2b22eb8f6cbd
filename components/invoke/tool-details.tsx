// What a tool declares, for reading before running it: its hints with where each value comes
// from (declared, or the spec's default), lint findings, and its input and output schemas.
import type { ReactNode } from "react";
import { JsonView } from "@/components/ui/json-view";
import type { Tool } from "@/lib/domain/mcp-types";
import { toolHints, type Hint } from "@/lib/domain/tool-hints";
import { Disclosure } from "@/components/ui/disclosure";

const HINT_ROWS: { key: keyof ReturnType<typeof toolHints>; label: string }[] = [
  { key: "readOnly", label: "Read-only" },
  { key: "destructive", label: "Destructive" },
  { key: "idempotent", label: "Idempotent" },
  { key: "openWorld", label: "Open world" },
];

function HintRow({ label, hint }: { label: string; hint: Hint }): ReactNode {
  return (
    <tr className="border-b border-zinc-100 last:border-0 dark:border-zinc-900">
      <td className="py-1 pr-4 text-muted">{label}</td>
      <td className="py-1 pr-4 font-mono">{hint.applies ? String(hint.value) : "—"}</td>
      <td className="py-1 text-muted">
        {!hint.applies
          ? "does not apply to a read-only tool"
          : hint.explicit
            ? "declared by the server"
            : "the spec's default (not declared)"}
      </td>
    </tr>
  );
}

export function ToolDetails({ tool, trusted, warnings }: { tool: Tool; trusted: boolean; warnings: string[] | undefined }): ReactNode {
  const hints = toolHints(tool);
  return (
    <section className="mt-6 space-y-2 text-[13px]" aria-label="Tool details" data-testid="tool-details">
      <Disclosure
        className="rounded-lg border border-zinc-200 px-4 py-2 dark:border-zinc-800"
        triggerClassName=" font-medium "
        title={<>Annotations{trusted ? " (believed: the server is trusted)" : " (not believed: the server is not trusted)"}</>}
      >
        <table className="mt-2 w-full text-left text-xs" data-testid="annotation-table">
          <tbody>
            {HINT_ROWS.map(({ key, label }) => (
              <HintRow key={key} label={label} hint={hints[key]} />
            ))}
          </tbody>
        </table>
      </Disclosure>
      {warnings && warnings.length > 0 && (
        <Disclosure
          className="rounded-lg border border-amber-200 px-4 py-2 dark:border-amber-900"
          defaultOpen
          triggerClassName=" font-medium text-amber-800  dark:text-amber-300"
          title={<>Lint: {warnings.length} finding(s)</>}
        >
          <ul className="mt-2 list-disc pl-5 text-xs text-zinc-600 dark:text-zinc-400">
            {warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </Disclosure>
      )}
      <Disclosure
        className="rounded-lg border border-zinc-200 px-4 py-2 dark:border-zinc-800"
        triggerClassName=" font-medium "
        title={<>Input schema</>}
      >
        <JsonView value={tool.inputSchema} testId="input-schema" className="mt-2" />
      </Disclosure>
      {tool.outputSchema && (
        <Disclosure
          className="rounded-lg border border-zinc-200 px-4 py-2 dark:border-zinc-800"
          triggerClassName=" font-medium "
          title={<>Output schema</>}
        >
          <JsonView value={tool.outputSchema} testId="output-schema" className="mt-2" />
        </Disclosure>
      )}
    </section>
  );
}
