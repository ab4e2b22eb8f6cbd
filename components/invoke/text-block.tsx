"use client";

// A text content block: JSON as a tree that folds, Markdown rendered (safely) with
// a switch to the raw text, and very long text cut short with "show all" and a download.
import { Button } from "@/components/ui/button";
import { useMemo, useState, type ReactNode } from "react";
import { JsonTree } from "@/components/ui/json-tree";
import { Markdown } from "@/components/ui/markdown";

const LONG = 20_000;
const LOOKS_LIKE_MARKDOWN = /(^|\n)(#{1,6}\s|[-*]\s|\d+\.\s|```)|\*\*[^*]+\*\*|\[[^\]]+\]\([^)]+\)/;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch {
    return { ok: false };
  }
}

const PRE =
  "max-h-[480px] overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-[12.5px] leading-relaxed break-words whitespace-pre-wrap dark:bg-zinc-900";
const TOGGLE = "text-[11px] text-muted hover:text-indigo-600";

export function TextBlock({ text }: { text: string }): ReactNode {
  const json = useMemo(() => parseJson(text), [text]);
  const markdown = !json.ok && LOOKS_LIKE_MARKDOWN.test(text);
  const [raw, setRaw] = useState(false);
  const [all, setAll] = useState(false);
  const long = text.length > LONG;
  const shown = long && !all ? text.slice(0, LONG) : text;

  if (json.ok && !raw) {
    return (
      <div>
        <JsonTree value={json.value} testId="content-json" />
        <Button className={TOGGLE} onPress={() => setRaw(true)}>
          Show raw text
        </Button>
      </div>
    );
  }
  return (
    <div>
      {markdown && !raw ? (
        <div data-testid="content-markdown" className="rounded-md border border-zinc-200 p-3 text-[13px] dark:border-zinc-800">
          <Markdown source={shown} />
        </div>
      ) : (
        <pre data-testid="content-text" className={PRE}>
          {shown}
        </pre>
      )}
      <div className="mt-1 flex gap-3">
        {(markdown || json.ok) && (
          <Button className={TOGGLE} onPress={() => setRaw(!raw)} data-testid="toggle-raw">
            {raw ? (json.ok ? "Show as JSON" : "Show rendered") : "Show raw text"}
          </Button>
        )}
        {long && !all && (
          <Button className={TOGGLE} onPress={() => setAll(true)} data-testid="show-all">
            Show all {text.length.toLocaleString()} characters
          </Button>
        )}
        {long && (
          <a className={TOGGLE} href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="result.txt">
            Download
          </a>
        )}
      </div>
    </div>
  );
}
