// The outcome of one call. The three ways a call can fail look different: the tool
// reported an error (isError), the server refused (JSON-RPC error), or the call never
// completed (timeout, cancelled, transport).
import type { ReactNode } from "react";
import { JsonTree } from "@/components/ui/json-tree";
import { jsonDiff } from "@/lib/domain/json-diff";
import { outcomeInfo, shownOutcome } from "@/lib/domain/outcomes";
import { malformedBlocks } from "@/lib/domain/result-problems";
import type { CallToolResult, InvocationResponse } from "@/lib/domain/mcp-types";
import { ContentBlockView } from "./content-block";

function Verdict({ response }: { response: InvocationResponse }): ReactNode {
  const v = response.outputValidation;
  if (v.verdict === "none") {
    return (
      <p data-testid="output-verdict" data-verdict="none" className="mt-2 text-xs text-muted">
        The tool declares no output schema: nothing to check this against.
      </p>
    );
  }
  const tone = v.verdict === "valid" ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400";
  return (
    <div data-testid="output-verdict" data-verdict={v.verdict} className="mt-2 text-xs">
      <span className={`font-medium ${tone}`}>
        {v.verdict === "valid"
          ? "✓ Matches the output schema"
          : v.verdict === "invalid"
            ? "✕ Does not match the output schema"
            : "Output schema does not compile"}
      </span>
      {v.verdict === "invalid" && (
        <ul className="mt-1 list-disc pl-5 text-zinc-600 dark:text-zinc-400">
          {v.errors.map((e, i) => (
            <li key={i}>
              <code className="font-mono">{e.path}</code> {e.message}
            </li>
          ))}
        </ul>
      )}
      {v.verdict === "schema_error" && <p className="mt-1 text-zinc-600 dark:text-zinc-400">{v.message}</p>}
    </div>
  );
}

/**
 * The spec asks tools that return structuredContent to return it as serialized JSON in a text
 * block too, for clients that only read text. Whether they do, and whether the two agree.
 */
function textCopyOf(result: CallToolResult): "matches" | "differs" | "missing" {
  // A malformed result may hold blocks that are not objects, or text that is not a string.
  const texts = (result.content as unknown[]).filter(
    (b): b is { type: "text"; text: string } =>
      typeof b === "object" &&
      b !== null &&
      (b as { type?: unknown }).type === "text" &&
      typeof (b as { text?: unknown }).text === "string",
  );
  if (texts.length === 0) return "missing";
  return texts.some((b) => {
    try {
      return jsonDiff(JSON.parse(b.text), result.structuredContent).length === 0;
    } catch {
      return false;
    }
  })
    ? "matches"
    : "differs";
}

const TEXT_COPY: Record<ReturnType<typeof textCopyOf>, { label: string; tone: string }> = {
  matches: { label: "✓ A text block carries the same JSON", tone: "text-emerald-700 dark:text-emerald-400" },
  differs: {
    label: "≠ No text block carries the same JSON (clients that read only text see something else)",
    tone: "text-amber-700 dark:text-amber-400",
  },
  missing: { label: "No text copy: clients that read only text see nothing", tone: "text-amber-700 dark:text-amber-400" },
};

function TextCopy({ result }: { result: CallToolResult }): ReactNode {
  const verdict = textCopyOf(result);
  return (
    <p data-testid="text-copy" data-text-copy={verdict} className={`mt-1 text-xs ${TEXT_COPY[verdict].tone}`}>
      {TEXT_COPY[verdict].label}
    </p>
  );
}

/** `serverId` lets resource links be read through the server's resources/read. */
export function ResultView({
  response,
  serverId,
  resourcesReadable = true,
  actions,
}: {
  response: InvocationResponse;
  serverId?: string;
  /** Whether the server declared the resources capability (resource links can then be read). */
  resourcesReadable?: boolean;
  /** Controls shown in the header (Re-run). */
  actions?: ReactNode;
}): ReactNode {
  // A success whose structured result fails the tool's outputSchema is shown as its own outcome.
  const outcome = shownOutcome(response.status, response.outputValidation.verdict);
  const status = outcomeInfo(outcome);
  const { result, error } = response;
  const malformed = malformedBlocks(response.problems);
  const otherProblems = (response.problems ?? []).filter((p) => !/^content\[\d+\]$/.test(p.path));
  return (
    <div
      data-testid="result-panel"
      data-status={response.status}
      data-outcome={outcome}
      className="rounded-lg border border-zinc-200 dark:border-zinc-800"
    >
      <header className="flex flex-wrap items-center gap-3 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
        <span data-testid="result-status" className={`rounded border px-1.5 py-0.5 text-xs font-semibold ${status.chip}`}>
          {status.label}
          {response.status === "protocol_error" && error?.code !== undefined && ` ${error.code}`}
        </span>
        {status.explain && <span className="text-xs text-muted">{status.explain}</span>}
        {actions}
        <span className="ml-auto flex gap-3 font-mono text-[11px] text-muted">
          <span data-testid="result-duration">{response.durationMs} ms</span>
          <a href={`/audit?focus=${response.auditId}`} data-testid="result-audit-id" className="hover:text-indigo-600">
            audit {response.auditId}
          </a>
        </span>
      </header>
      <div className="space-y-4 p-4">
        {error && (
          <div data-testid="result-error" className="text-[13px]">
            <p className="font-medium">{error.message}</p>
            {error.data !== undefined && (
              <pre className="mt-2 rounded-md bg-zinc-50 p-2 font-mono text-xs dark:bg-zinc-900">{JSON.stringify(error.data, null, 2)}</pre>
            )}
          </div>
        )}
        {otherProblems.length > 0 && (
          <ul data-testid="result-problems" className="space-y-1 text-[13px] text-rose-700 dark:text-rose-300">
            {otherProblems.map((p) => (
              <li key={p.path}>
                {p.path && <code className="mr-1 font-mono text-xs">{p.path}</code>}
                {p.reason}
              </li>
            ))}
          </ul>
        )}
        {response.raw !== undefined && (
          <section data-testid="result-raw">
            <div className="mb-1 text-[11px] font-medium tracking-wide text-muted uppercase">The answer as sent</div>
            <JsonTree value={response.raw} />
          </section>
        )}
        {result?.content.map((block, i) => (
          <ContentBlockView
            key={i}
            block={block}
            index={i}
            malformed={malformed.get(i)}
            serverId={resourcesReadable ? serverId : undefined}
          />
        ))}
        {result && result.content.length === 0 && result.structuredContent === undefined && (
          <p className="text-sm text-muted">The result has no content.</p>
        )}
        {result?.structuredContent !== undefined && (
          <section data-testid="structured-content">
            <div className="mb-1 text-[11px] font-medium tracking-wide text-muted uppercase">Structured content</div>
            <JsonTree value={result.structuredContent} />
            <Verdict response={response} />
            <TextCopy result={result} />
          </section>
        )}
        {result && result.structuredContent === undefined && response.outputValidation.verdict !== "none" && (
          <section data-testid="structured-content-missing">
            <Verdict response={response} />
          </section>
        )}
      </div>
    </div>
  );
}
