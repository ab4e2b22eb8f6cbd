"use client";

// The part of a description or schema text a finding is about, in its context: the span marked,
// invisible characters drawn as their code points (so that a reviewer sees what a model reads),
// and what hidden text decodes to.
import type { ReactNode } from "react";
import type { FindingSpan as Span } from "@/lib/domain/report-card";

const CONTEXT = 80;
const INVISIBLE = /[\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}\u200B-\u200F\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069\u180E\uFFF9-\uFFFB]/gu;

/** Invisible characters as ⟨U+XXXX⟩; a run of tag characters as one marker, for they are one message. */
export function visible(text: string): string {
  return text
    .replace(/[\u{E0000}-\u{E007F}]+/gu, (run) => `⟨${Array.from(run).length} tag characters⟩`)
    .replace(INVISIBLE, (c) => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}⟩`);
}

export function FindingSpan({ span }: { span: Span }): ReactNode {
  const from = Math.max(0, span.start - CONTEXT);
  const to = Math.min(span.text.length, span.end + CONTEXT);
  return (
    <div className="mt-1.5 space-y-1" data-testid="finding-span">
      <p className="rounded-md border border-zinc-200 bg-zinc-50 px-2 py-1.5 font-mono text-[12px] break-words whitespace-pre-wrap dark:border-zinc-800 dark:bg-zinc-900">
        {from > 0 && "…"}
        {visible(span.text.slice(from, span.start))}
        <mark className="rounded-sm bg-rose-200 px-0.5 text-rose-950 dark:bg-rose-900 dark:text-rose-50">
          {visible(span.text.slice(span.start, span.end))}
        </mark>
        {visible(span.text.slice(span.end, to))}
        {to < span.text.length && "…"}
      </p>
      {span.decoded && (
        <p className="text-[12px] text-zinc-700 dark:text-zinc-300">
          <span className="font-medium">Decoded: </span>
          <span className="font-mono break-words" data-testid="finding-decoded">
            {span.decoded.slice(0, 500)}
          </span>
        </p>
      )}
    </div>
  );
}
