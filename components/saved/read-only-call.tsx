// A call shown read-only, to share (issue 17): what was asked (inputs), what came back (the
// result as the workbench renders it), the outcome, who and when. Used for an audit record's
// page and a saved call's page.
import type { ReactNode } from "react";
import { ResultView } from "@/components/invoke/result-view";
import { JsonView } from "@/components/ui/json-view";
import { outcomeInfo, shownOutcome } from "@/lib/domain/outcomes";
import { CopyLink } from "./copy-link";
import type { InvocationResponse } from "@/lib/domain/mcp-types";

export type ReadOnlyCall = {
  title: string;
  serverId: string;
  toolName: string;
  /** What it is when not a tool call ("Resource read", "Prompt get"). */
  kindLabel?: string | null | undefined;
  arguments: unknown;
  outcome: string | null;
  /** The verdict of Toolscope's check against the tool's outputSchema, when known. */
  outputVerdict?: string | null | undefined;
  who: string | null;
  when: string | null;
  response: InvocationResponse | null;
  /** Why there is no response to show. */
  noResponse?: string;
};

function Label({ children }: { children: ReactNode }): ReactNode {
  return <h2 className="mt-6 mb-2 text-[11px] font-semibold tracking-wide text-muted uppercase">{children}</h2>;
}

export function ReadOnlyCallView({
  call,
  actions,
  children,
  result,
}: {
  call: ReadOnlyCall;
  actions?: ReactNode;
  children?: ReactNode;
  /** Shown instead of the response alone (a saved call's two latest runs). */
  result?: ReactNode;
}): ReactNode {
  const info = call.outcome ? outcomeInfo(shownOutcome(call.outcome, call.outputVerdict)) : null;
  return (
    <article className="mx-auto max-w-4xl px-4 sm:px-8 py-6" data-testid="read-only-call">
      <header className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-semibold tracking-tight" data-testid="read-only-title">
            {call.title}
          </h1>
          <p className="mt-1 text-[13px] text-muted">
            {call.kindLabel && <span data-testid="read-only-kind">{call.kindLabel}: </span>}
            <code className="font-mono">{call.toolName}</code> on {call.serverId}
            {info && (
              <>
                {" · "}
                <span className={`font-medium ${info.text}`} data-testid="read-only-outcome">
                  {info.label}
                </span>
              </>
            )}
            {call.who && <> · {call.who}</>}
            {call.when && (
              <>
                {" · "}
                <time dateTime={call.when}>{new Date(call.when).toUTCString()}</time>
              </>
            )}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <CopyLink />
          {actions}
        </div>
      </header>
      {children}
      <Label>Inputs</Label>
      <JsonView value={call.arguments} testId="read-only-inputs" />
      <Label>Result</Label>
      {result ? (
        result
      ) : call.response ? (
        <ResultView response={call.response} serverId={call.serverId} />
      ) : (
        <p
          className="rounded-md bg-zinc-50 p-3 text-[13px] text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400"
          data-testid="read-only-no-result"
        >
          {call.noResponse ?? "No result."}
        </p>
      )}
    </article>
  );
}
