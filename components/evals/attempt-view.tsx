// One attempt of a case by a model: each expectation with what was found, the tool calls the model
// made (arguments, what became of each, its audit record) and its final answer.
import Link from "next/link";
import type { ReactNode } from "react";
import type { EvalAttempt } from "@/lib/domain/eval-run-shapes";
import { describeExpectation } from "@/lib/domain/eval-expectation-words";
import { Disclosure } from "@/components/ui/disclosure";

const OK = "text-emerald-700 dark:text-emerald-400";
const BAD = "text-rose-700 dark:text-rose-400";

export function AttemptView({ attempt }: { attempt: EvalAttempt }): ReactNode {
  return (
    <Disclosure
      className="rounded-md border border-zinc-200 dark:border-zinc-800"
      testId="attempt"
      triggerClassName="flex  flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-[12px]"
      title={
        <>
          <span className={`font-medium ${attempt.passed ? OK : BAD}`}>{attempt.passed ? "✔ passed" : "✖ failed"}</span>
          <span>
            {attempt.model} · attempt {attempt.attempt}
          </span>
          <span className="text-muted">
            {attempt.calls.length} call{attempt.calls.length === 1 ? "" : "s"} · {attempt.inputTokens.toLocaleString()} →{" "}
            {attempt.outputTokens.toLocaleString()} tokens · {(attempt.durationMs / 1000).toFixed(1)} s
            {attempt.costUsd !== null && ` · $${attempt.costUsd.toFixed(4)}`}
          </span>
        </>
      }
    >
      <div className="space-y-3 border-t border-zinc-200 px-3 py-2 text-[12px] dark:border-zinc-800">
        {attempt.error && <p className={BAD}>{attempt.error}</p>}
        {attempt.expectations.length > 0 && (
          <ul className="space-y-0.5">
            {attempt.expectations.map((e, index) => (
              <li key={index}>
                <span className={e.passed ? OK : BAD}>{e.passed ? "✔" : "✖"}</span> {describeExpectation(e.expectation)}{" "}
                <span className="text-muted">— {e.message}</span>
              </li>
            ))}
          </ul>
        )}
        {attempt.calls.length > 0 && (
          <ol className="space-y-1.5">
            {attempt.calls.map((call, index) => (
              <li key={index} className="rounded bg-zinc-50 p-2 dark:bg-zinc-900">
                <span className="font-mono font-medium">{call.name}</span>{" "}
                <span className={call.outcome === "ok" ? OK : BAD}>{call.outcome}</span>{" "}
                <span className="text-muted">{call.durationMs} ms</span>
                {call.auditId && (
                  <Link href={`/audit/${call.auditId}`} className="ml-2 underline">
                    audit record
                  </Link>
                )}
                <pre tabIndex={0} className="mt-1 overflow-x-auto font-mono text-[11px] whitespace-pre-wrap">
                  {JSON.stringify(call.arguments)}
                </pre>
                {call.text && <p className="mt-1 line-clamp-4 text-muted">{call.text}</p>}
              </li>
            ))}
          </ol>
        )}
        <div>
          <span className="font-medium">Answer</span>
          <p className="mt-0.5 whitespace-pre-wrap">{attempt.answer || <span className="text-muted">(none)</span>}</p>
        </div>
      </div>
    </Disclosure>
  );
}
