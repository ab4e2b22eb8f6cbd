"use client";

// Picks one tool from a catalog of any size: a combobox (React Aria: its keyboard, focus and
// announcements) that searches names as they are typed and offers at most 50 matches, so that
// a page holds no element per tool (a native <select> of 10,000 tools held 10,000 options).
import { useMemo, useState, type ReactNode } from "react";
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from "react-aria-components";

/** The most matches offered at once; the count of the rest says to type more. */
export const SHOWN_MATCHES = 50;

export function matchingNames(names: readonly string[], query: string): { shown: string[]; total: number } {
  const needle = query.trim().toLowerCase();
  const shown: string[] = [];
  let total = 0;
  for (const name of names) {
    if (needle && !name.toLowerCase().includes(needle)) continue;
    total++;
    if (shown.length < SHOWN_MATCHES) shown.push(name);
  }
  return { shown, total };
}

export function ToolPicker({
  label,
  names,
  value,
  onChange,
  testId,
}: {
  /** Said to assistive technology; the field shows a placeholder. */
  label: string;
  names: readonly string[];
  /** The picked name, or "" for none. */
  value: string;
  onChange: (name: string) => void;
  testId: string;
}): ReactNode {
  const [query, setQuery] = useState(value);
  const { shown, total } = useMemo(() => matchingNames(names, query === value ? "" : query), [names, query, value]);
  // The picked tool stays in the collection, so that the combobox keeps it as its selection.
  const items = useMemo(() => (value && !shown.includes(value) ? [value, ...shown] : shown).map((name) => ({ id: name })), [shown, value]);
  return (
    <ComboBox<{ id: string }>
      className="relative min-w-[14rem] flex-1"
      items={items}
      inputValue={query}
      onInputChange={setQuery}
      selectedKey={value || null}
      onSelectionChange={(key) => {
        // Both controlled: the field shows what was picked (React Aria leaves that to its owner).
        const name = key === null ? "" : String(key);
        if (name) setQuery(name);
        onChange(name);
      }}
      menuTrigger="focus"
      allowsEmptyCollection
      data-testid={testId}
    >
      <Label className="sr-only">{label}</Label>
      <div className="flex">
        <Input
          className="w-full rounded-l-md border border-zinc-300 bg-white px-2 py-1 font-mono text-[12px] outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 dark:border-zinc-700 dark:bg-zinc-950"
          placeholder={`Search ${names.length.toLocaleString()} tools…`}
        />
        <Button
          aria-label={`Show ${label.toLowerCase()}`}
          className="rounded-r-md border border-l-0 border-zinc-300 px-2 text-xs text-muted outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40 dark:border-zinc-700"
        >
          ▾
        </Button>
      </div>
      <Popover
        className="max-h-72 w-(--trigger-width) overflow-auto rounded-md border border-zinc-200 bg-white text-[12px] shadow-lg dark:border-zinc-800 dark:bg-zinc-950"
        data-testid={`${testId}-options`}
      >
        <ListBox<{ id: string }>
          className="outline-none"
          renderEmptyState={() => <p className="px-2 py-1.5 text-muted">No tool matches.</p>}
        >
          {(item) => (
            <ListBoxItem
              id={item.id}
              textValue={item.id}
              className="cursor-default px-2 py-1 font-mono outline-none data-[focused]:bg-indigo-50 data-[selected]:font-semibold dark:data-[focused]:bg-indigo-950/50"
            >
              {item.id}
            </ListBoxItem>
          )}
        </ListBox>
        {total > shown.length && (
          <p className="border-t border-zinc-100 px-2 py-1.5 text-muted dark:border-zinc-900" data-testid={`${testId}-more`}>
            {shown.length} of {total.toLocaleString()} shown: type to narrow.
          </p>
        )}
      </Popover>
    </ComboBox>
  );
}
