"use client";

// A list that renders only the rows in view (plus a margin), so a catalog of 10,000 tools
// costs about as much DOM as one of 20. Rows have a fixed height.
//
// The list is one stop of the Tab key (a roving tabindex): arrow keys, Home, End and Page
// Up/Down move between rows, Enter opens the focused one. The row holding the stop is the last
// one focused, or the first row in view once that one has scrolled away (its element is gone).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

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
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(800);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  /** Set by a key press: the row to focus once it is rendered. */
  const focusPending = useRef(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const reveal = useCallback(
    (index: number, margin: number) => {
      const element = ref.current;
      if (!element) return;
      const top = index * rowHeight;
      if (top < element.scrollTop || top + rowHeight > element.scrollTop + element.clientHeight) {
        element.scrollTop = top - element.clientHeight * margin;
        // Render the rows now rather than at the scroll event, so the row a key moved to exists
        // in the same commit and focus never falls to the page in between.
        setScrollTop(element.scrollTop);
      }
    },
    [rowHeight],
  );

  useEffect(() => {
    if (scrollToIndex !== undefined && scrollToIndex >= 0) reveal(scrollToIndex, 1 / 3);
  }, [scrollToIndex, reveal]);

  // The list may have shrunk (a filter) since the last scroll event: clamp as the browser does.
  const top = Math.min(scrollTop, Math.max(0, items.length * rowHeight - height));
  const first = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((top + height) / rowHeight) + OVERSCAN);
  const wanted = focusIndex ?? (scrollToIndex !== undefined && scrollToIndex >= 0 ? scrollToIndex : 0);
  const inView = Math.min(items.length - 1, Math.floor(top / rowHeight));
  const stop = wanted >= first && wanted < last && wanted < items.length ? wanted : inView;

  useEffect(() => {
    if (!focusPending.current || focusIndex === null) return;
    const row = ref.current?.querySelector<HTMLElement>(`[data-row-index="${focusIndex}"] [tabindex="0"]`);
    if (!row) return;
    focusPending.current = false;
    row.focus({ preventScroll: true });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    if (items.length === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const page = Math.max(1, Math.floor(height / rowHeight) - 1);
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
    reveal(next, 0);
  };

  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const item = items[i]!;
    rows.push(
      <li
        key={getKey(item)}
        data-row-index={i}
        onFocus={() => setFocusIndex(i)}
        style={{ position: "absolute", top: i * rowHeight, height: rowHeight, left: 0, right: 0 }}
        aria-setsize={items.length}
        aria-posinset={i + 1}
      >
        {renderRow(item, i, i === stop)}
      </li>,
    );
  }
  return (
    <div
      ref={ref}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      className="min-h-0 flex-1 overflow-y-auto px-1.5 pb-3"
      data-testid={testId}
    >
      <ul aria-label={label} onKeyDown={onKeyDown} style={{ position: "relative", height: items.length * rowHeight }}>
        {rows}
      </ul>
    </div>
  );
}
