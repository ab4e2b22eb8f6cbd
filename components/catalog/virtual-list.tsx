"use client";

// A list that renders only the rows in view (plus a margin), so a catalog of 10,000 tools
// costs about as much DOM as one of 20. Rows have a fixed height.
import { useEffect, useRef, useState, type ReactNode } from "react";

const OVERSCAN = 6;

export function VirtualList<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  scrollToIndex,
  testId,
}: {
  items: readonly T[];
  rowHeight: number;
  getKey: (item: T) => string;
  renderRow: (item: T, index: number) => ReactNode;
  /** Keeps this row in view when it changes (the selected tool). */
  scrollToIndex?: number;
  testId?: string;
}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(800);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element || scrollToIndex === undefined || scrollToIndex < 0) return;
    const top = scrollToIndex * rowHeight;
    if (top < element.scrollTop || top + rowHeight > element.scrollTop + element.clientHeight)
      element.scrollTop = top - element.clientHeight / 3;
  }, [scrollToIndex, rowHeight]);

  // The list may have shrunk (a filter) since the last scroll event: clamp as the browser does.
  const top = Math.min(scrollTop, Math.max(0, items.length * rowHeight - height));
  const first = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((top + height) / rowHeight) + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const item = items[i]!;
    rows.push(
      <li
        key={getKey(item)}
        style={{ position: "absolute", top: i * rowHeight, height: rowHeight, left: 0, right: 0 }}
        aria-setsize={items.length}
        aria-posinset={i + 1}
      >
        {renderRow(item, i)}
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
      <ul style={{ position: "relative", height: items.length * rowHeight }}>{rows}</ul>
    </div>
  );
}
