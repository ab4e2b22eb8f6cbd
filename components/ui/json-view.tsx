// JSON pretty-printed with colours for keys, strings, numbers and literals. Built from text
// spans, never HTML, so the content (a server's schema, say) cannot inject markup.
import type { ReactNode } from "react";

const TOKEN = /("(?:\\.|[^"\\])*"(\s*:)?)|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

export function JsonView({ value, testId, className = "" }: { value: unknown; testId?: string; className?: string }): ReactNode {
  const text = JSON.stringify(value, null, 2) ?? "undefined";
  const parts: ReactNode[] = [];
  let last = 0;
  let match: RegExpExecArray | null;
  let i = 0;
  while ((match = TOKEN.exec(text))) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const tone = match[2]
      ? "text-sky-700 dark:text-sky-300"
      : match[1]
        ? "text-emerald-700 dark:text-emerald-300"
        : match[3]
          ? "text-amber-700 dark:text-amber-300"
          : "text-violet-700 dark:text-violet-300";
    parts.push(
      <span key={i++} className={tone}>
        {match[0]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <pre
      tabIndex={0}
      data-testid={testId}
      className={`max-h-[420px] overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-[12px] leading-relaxed dark:bg-zinc-900 ${className}`}
    >
      {parts}
    </pre>
  );
}
