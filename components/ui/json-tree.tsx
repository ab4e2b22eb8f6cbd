"use client";

// JSON as a tree that folds: every object and array can be collapsed to a one-line summary.
// It reads like the JSON text (quoted keys, commas), so copying a branch or searching the
// page finds what the raw text would. Text only, never HTML: a server's strings stay inert.
// React Aria's Tree: arrow keys walk it, Right unfolds, Left folds or goes to the parent. Only
// unfolded branches are rendered, and a large document starts folded after a budget of rows,
// so a megabyte of JSON stays fast.
import { useState, type ReactNode } from "react";
import { Button, Tree, TreeItem, TreeItemContent, type Key } from "react-aria-components";

const OPEN_DEPTH = 3;
const OPEN_MAX_ENTRIES = 200;
/** Rows shown unfolded at first, at most: beyond it, branches start folded. */
const OPEN_ROW_BUDGET = 600;

type Entries = [string, unknown][];

function entriesOf(value: unknown): Entries | null {
  if (typeof value !== "object" || value === null) return null;
  return Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
}

const childId = (parent: string, key: string, array: boolean): string => (array ? `${parent}[${key}]` : `${parent}.${JSON.stringify(key)}`);

/** Which branches start unfolded: shallow ones first, breadth first, while the row budget lasts. */
function initiallyOpen(value: unknown): Set<Key> {
  const open = new Set<Key>();
  let rows = 1;
  let level: [string, unknown][] = [["$", value]];
  for (let depth = 0; depth < OPEN_DEPTH && level.length > 0; depth++) {
    const next: [string, unknown][] = [];
    for (const [id, node] of level) {
      const entries = entriesOf(node);
      if (!entries || entries.length === 0 || entries.length > OPEN_MAX_ENTRIES || rows + entries.length + 1 > OPEN_ROW_BUDGET) continue;
      open.add(id);
      rows += entries.length + 1;
      const array = Array.isArray(node);
      for (const [k, v] of entries) next.push([childId(id, k, array), v]);
    }
    level = next;
  }
  return open;
}

function Primitive({ value }: { value: unknown }): ReactNode {
  if (typeof value === "string") return <span className="text-emerald-700 dark:text-emerald-300">{JSON.stringify(value)}</span>;
  if (typeof value === "number") return <span className="text-amber-700 dark:text-amber-300">{String(value)}</span>;
  return <span className="text-violet-700 dark:text-violet-300">{JSON.stringify(value) ?? "undefined"}</span>;
}

const ROW =
  "relative rounded-sm outline-none data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-indigo-500";
const indent = { paddingLeft: "calc((var(--tree-item-level) - 1) * 1rem)" };
const closingIndent = { paddingLeft: "calc((var(--tree-item-level) - 2) * 1rem)" };

function KeyName({ name }: { name: string | undefined }): ReactNode {
  if (name === undefined) return null;
  return (
    <>
      <span className="text-sky-700 dark:text-sky-300">{JSON.stringify(name)}</span>
      {": "}
    </>
  );
}

function rowsOf(id: string, name: string | undefined, value: unknown, last: boolean, open: ReadonlySet<Key>): ReactNode {
  const comma = last ? "" : ",";
  const entries = entriesOf(value);
  const label = name === undefined ? "" : `${JSON.stringify(name)}: `;
  if (!entries || entries.length === 0) {
    const text = entries ? (Array.isArray(value) ? "[]" : "{}") : undefined;
    return (
      <TreeItem key={id} id={id} textValue={`${label}${text ?? JSON.stringify(value) ?? "undefined"}`} className={ROW}>
        <TreeItemContent>
          <div style={indent}>
            <KeyName name={name} />
            {text ?? <Primitive value={value} />}
            {comma}
          </div>
        </TreeItemContent>
      </TreeItem>
    );
  }
  const array = Array.isArray(value);
  const [start, end] = array ? ["[", "]"] : ["{", "}"];
  const isOpen = open.has(id);
  const count = `${entries.length} ${array ? (entries.length === 1 ? "item" : "items") : entries.length === 1 ? "key" : "keys"}`;
  return (
    <TreeItem key={id} id={id} textValue={`${label}${start} ${count}`} hasChildItems className={ROW}>
      <TreeItemContent>
        {({ isExpanded }) => (
          <div style={indent} className="relative">
            {/* The triangle is drawn, not written: copying the tree copies the JSON text alone. */}
            <Button
              slot="chevron"
              data-testid="json-toggle"
              aria-label={isExpanded ? "Collapse" : "Expand"}
              className={`absolute -ml-4 w-4 text-center text-muted outline-none select-none hover:text-indigo-600 data-[focus-visible]:text-indigo-600 ${
                isExpanded ? "before:content-['▾']" : "before:content-['▸']"
              }`}
            />
            <KeyName name={name} />
            {start}
            {!isExpanded && (
              <>
                <span className="mx-1 rounded bg-zinc-200/70 px-1 text-[11px] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">
                  {count}
                </span>
                {end}
                {comma}
              </>
            )}
          </div>
        )}
      </TreeItemContent>
      {isOpen ? (
        [
          ...entries.map(([k, v], i) => rowsOf(childId(id, k, array), array ? undefined : k, v, i === entries.length - 1, open)),
          <TreeItem key={`${id}/end`} id={`${id}/end`} textValue={`${end}${comma}`} className={ROW}>
            <TreeItemContent>
              {/* The closing bracket lines up with its opening line, one level out. */}
              <div style={closingIndent}>
                {end}
                {comma}
              </div>
            </TreeItemContent>
          </TreeItem>,
        ]
      ) : (
        // Folded, its entries are not built at all (a folded array of 10,000 costs one row); this
        // stand-in, never shown, is what tells React Aria, and so a screen reader, that it unfolds.
        <TreeItem id={`${id}/folded`} textValue={count}>
          <TreeItemContent>{count}</TreeItemContent>
        </TreeItem>
      )}
    </TreeItem>
  );
}

export function JsonTree({ value, testId, label = "JSON" }: { value: unknown; testId?: string; label?: string }): ReactNode {
  const [shown, setShown] = useState<{ value: unknown; open: Set<Key> }>(() => ({ value, open: initiallyOpen(value) }));
  // Another document: its own first folding, not the last one's.
  let current = shown;
  if (shown.value !== value) {
    current = { value, open: initiallyOpen(value) };
    setShown(current);
  }
  const open = current.open;
  const setOpen = (keys: Set<Key>): void => setShown({ value, open: keys });
  return (
    <div
      data-testid={testId}
      className="max-h-[480px] overflow-auto rounded-md bg-zinc-50 py-3 pr-3 pl-7 font-mono text-[12.5px] leading-relaxed break-words dark:bg-zinc-900"
    >
      <Tree aria-label={label} expandedKeys={open} onExpandedChange={setOpen}>
        {rowsOf("$", undefined, value, true, open)}
      </Tree>
    </div>
  );
}
