"use client";

// What the model judge made of a report card's tools, beside the findings it made: which model
// and rubric, how many tools it read and flagged, how many verdicts had not come when the card was
// made, and each tool it could not answer for (where the text scan alone stands). Shown only when
// an admin chose a judge (the Models page).
import type { ReactNode } from "react";
import type { JudgeSummary } from "@/lib/domain/model-judge";

const plural = (count: number, one: string, many = `${one}s`): string => `${count.toLocaleString("en")} ${count === 1 ? one : many}`;

export function JudgeFacts({ judge, toolCount }: { judge: JudgeSummary; toolCount: number }): ReactNode {
  return (
    <section
      className="mt-3 rounded-lg border border-zinc-200 px-4 py-3 text-[12px] dark:border-zinc-800"
      aria-labelledby="facts-judge"
      data-testid="report-judge"
    >
      <h2 id="facts-judge" className="text-[13px] font-semibold">
        Model judge
      </h2>
      <p className="mt-1">
        <span className="font-mono">{judge.model}</span> read {judge.judged.toLocaleString("en")} of {plural(toolCount, "tool")} against
        rubric {judge.rubricVersion} and flagged {judge.flagged.toLocaleString("en")} (poisoned, score {judge.threshold.toFixed(1)} or
        more).
        {judge.waiting > 0 && (
          <>
            {" "}
            {plural(judge.waiting, "verdict")} had not come when the card was made: looking again in a few seconds makes it anew with them.
          </>
        )}
      </p>
      {judge.failed > 0 && (
        <div role="note" className="mt-1.5 text-amber-800 dark:text-amber-300" data-testid="report-judge-failed">
          <p>
            The judge could not answer for {plural(judge.failed, "tool")}; the text scan alone stands for{" "}
            {judge.failed === 1 ? "it" : "them"}, and {judge.failed === 1 ? "it is" : "they are"} asked again in a few minutes.
          </p>
          <ul className="mt-1 list-disc pl-5">
            {judge.failures.map((failure) => (
              <li key={failure.tool} className="break-words">
                <span className="font-mono">{failure.tool}</span>: {failure.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
