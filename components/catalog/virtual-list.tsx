"use client";

// A list that renders only the rows in view (plus a margin), so a catalog of 10,000 tools
// costs about as much DOM as one of 20: @tanstack/react-virtual decides which rows those are.
// Rows have a fixed height.
//
// The list is one stop of the Tab key (a roving tabindex): arrow keys, Home, End and Page
// Up/Down move between rows, Enter opens the focused one. The row holding the stop is the last
// one focused, or the first row in view once that one has scrolled away (its element is gone).
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

const OVERSCAN = 6;

export function VirtualList<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  scrollToIndex,
  testId,
  label,
}: {
  items: readonly T[];
  rowHeight: number;
  getKey: (item: T) => string;
  /** `focusable`: whether this row holds the list's Tab stop (give its link tabIndex 0, else -1). */
  renderRow: (item: T, index: number, focusable: boolean) => ReactNode;
  /** Keeps this row in view when it changes (the selected tool). */
  scrollToIndex?: number | undefined;
  testId?: string;
  label: string;
}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  /** Set by a key press: the row to focus once it is rendered. */
  const focusPending = useRef(false);
  // The React Compiler is not on (next.config.mjs); were it, this component would need "use no memo".
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are read fresh each render
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => ref.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    getItemKey: (index) => getKey(items[index]!),
    // Before the list is measured (and on the server): a screen's worth of rows, so the first
    // paint already shows tools.
    initialRect: { width: 320, height: 800 },
  });

  useEffect(() => {
    if (scrollToIndex !== undefined && scrollToIndex >= 0 && scrollToIndex < items.length)
      virtualizer.scrollToIndex(scrollToIndex, { align: "auto" });
  }, [scrollToIndex, items.length, virtualizer]);

  const rows = virtualizer.getVirtualItems();
  const first = rows[0]?.index ?? 0;
  const last = (rows.at(-1)?.index ?? -1) + 1;
  const wanted = focusIndex ?? (scrollToIndex !== undefined && scrollToIndex >= 0 ? scrollToIndex : 0);
  const inView = Math.min(items.length - 1, Math.floor((virtualizer.scrollOffset ?? 0) / rowHeight));
  const stop = wanted >= first && wanted < last && wanted < items.length ? wanted : Math.max(inView, first);

  useEffect(() => {
    if (!focusPending.current || focusIndex === null) return;
    const row = ref.current?.querySelector<HTMLElement>(`[data-row-index="${focusIndex}"] [tabindex="0"]`);
    if (!row) return;
    focusPending.current = false;
    row.focus({ preventScroll: true });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    if (items.length === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const page = Math.max(1, Math.floor((ref.current?.clientHeight ?? rowHeight) / rowHeight) - 1);
    const moves: Record<string, number> = {
      ArrowDown: stop + 1,
      ArrowUp: stop - 1,
      Home: 0,
      End: items.length - 1,
      PageDown: stop + page,
      PageUp: stop - page,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = Math.max(0, Math.min(items.length - 1, target));
    focusPending.current = true;
    setFocusIndex(next);
    virtualizer.scrollToIndex(next, { align: "auto" });
  };

  return (
    <div ref={ref} className="min-h-0 flex-1 overflow-y-auto px-1.5 pb-3" data-testid={testId}>
      <ul aria-label={label} onKeyDown={onKeyDown} style={{ position: "relative", height: virtualizer.getTotalSize() }}>
        {rows.map((row) => (
          <li
            key={row.key}
            data-row-index={row.index}
            onFocus={() => setFocusIndex(row.index)}
            style={{ position: "absolute", top: row.start, height: rowHeight, left: 0, right: 0 }}
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
          >
            {renderRow(items[row.index]!, row.index, row.index === stop)}
          </li>
        ))}
      </ul>
    </div>
  );
}
