"use client";

// JSON as a tree that folds: every object and array can be collapsed to a one-line summary.
// It reads like the JSON text (quoted keys, commas), so copying a branch or searching the
// page finds what the raw text would. Text only, never HTML: a server's strings stay inert.
// Deep levels and very large containers start folded, so a megabyte of JSON stays fast.
import { useState, type ReactNode } from "react";

const OPEN_DEPTH = 3;
const OPEN_MAX_ENTRIES = 200;

function Primitive({ value }: { value: unknown }): ReactNode {
  if (typeof value === "string") return <span className="text-emerald-700 dark:text-emerald-300">{JSON.stringify(value)}</span>;
  if (typeof value === "number") return <span className="text-amber-700 dark:text-amber-300">{String(value)}</span>;
  return <span className="text-violet-700 dark:text-violet-300">{JSON.stringify(value) ?? "undefined"}</span>;
}

function Node({ name, value, depth, last }: { name?: string; value: unknown; depth: number; last: boolean }): ReactNode {
  const container = typeof value === "object" && value !== null;
  const entries: [string, unknown][] = !container ? [] : Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  const [open, setOpen] = useState(depth < OPEN_DEPTH && entries.length <= OPEN_MAX_ENTRIES);
  const key =
    name !== undefined ? (
      <>
        <span className="text-sky-700 dark:text-sky-300">{JSON.stringify(name)}</span>
        {": "}
      </>
    ) : null;
  const comma = last ? "" : ",";
  if (!container) {
    return (
      <div>
        {key}
        <Primitive value={value} />
        {comma}
      </div>
    );
  }
  const array = Array.isArray(value);
  const [start, end] = array ? ["[", "]"] : ["{", "}"];
  if (entries.length === 0) {
    return (
      <div>
        {key}
        {start}
        {end}
        {comma}
      </div>
    );
  }
  const toggle = (
    <button
      type="button"
      onClick={() => setOpen(!open)}
      aria-expanded={open}
      aria-label={open ? "Collapse" : "Expand"}
      data-testid="json-toggle"
      className="absolute -left-4 w-4 text-center text-muted select-none hover:text-indigo-600"
    >
      {open ? "▾" : "▸"}
    </button>
  );
  return (
    <div className="relative">
      {toggle}
      {key}
      {start}
      {open ? (
        <>
          <div className="border-l border-zinc-200 pl-4 dark:border-zinc-800">
            {entries.map(([k, v], i) => (
              <Node key={k} name={array ? undefined : k} value={v} depth={depth + 1} last={i === entries.length - 1} />
            ))}
          </div>
          {end}
          {comma}
        </>
      ) : (
        <>
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="mx-1 rounded bg-zinc-200/70 px-1 text-[11px] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400"
          >
            {entries.length} {array ? (entries.length === 1 ? "item" : "items") : entries.length === 1 ? "key" : "keys"}
          </button>
          {end}
          {comma}
        </>
      )}
    </div>
  );
}

export function JsonTree({ value, testId }: { value: unknown; testId?: string }): ReactNode {
  return (
    <div
      data-testid={testId}
      className="max-h-[480px] overflow-auto rounded-md bg-zinc-50 py-3 pr-3 pl-7 font-mono text-[12.5px] leading-relaxed break-words dark:bg-zinc-900"
    >
      <Node value={value} depth={0} last />
    </div>
  );
}
