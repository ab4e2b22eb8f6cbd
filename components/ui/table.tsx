"use client";

// Every table of rows, one way: React Aria's Table (a grid a keyboard walks by arrow keys, rows
// a screen reader counts, ticking by Space, opening by Enter), in one head style, in a box that
// scrolls sideways on a phone instead of the page.
import { useState, type ReactNode } from "react";
import {
  Cell as AriaCell,
  Checkbox as AriaCheckbox,
  Column,
  Row as AriaRow,
  Table as AriaTable,
  TableBody,
  TableHeader,
  type CellProps,
  type RowProps,
  type Selection,
  type TableProps,
} from "react-aria-components";

/** A text-like button's focus ring (Edit, Revoke) in a row: React Aria's, by keyboard only. */
export const TEXT_BUTTON_FOCUS =
  "rounded-sm outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-indigo-500";

const FOCUS_RING =
  "outline-none data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-indigo-500";

export type TableColumn = {
  /** The header's words; "" for a column of actions or ticks, named for screen readers by `label`. */
  name: string;
  label?: string;
  className?: string;
  isRowHeader?: boolean;
};

export function DataTable<T extends object>({
  label,
  columns,
  testId,
  minWidth,
  caps = false,
  bordered = false,
  cardsOnPhone = false,
  className = "",
  emptyText,
  bodyClassName = "",
  children,
  ...props
}: Omit<TableProps, "children" | "className"> & {
  /** What the table lists, for screen readers. */
  label: string;
  /** The header cells: words, or a column with more to say; "" names a column of actions ("Actions"). */
  columns: readonly (string | TableColumn)[];
  testId: string;
  /** A Tailwind min-width under which the table scrolls in its box (min-w-[40rem]) rather than wrap its columns. */
  minWidth?: string;
  /** Small capitals for the head, as the account and people pages have it. */
  caps?: boolean;
  /** A rounded border round it, with a tinted head (the audit log, the server list). */
  bordered?: boolean;
  /** On a phone, no head and each row a block the caller lays out as a card: nothing scrolls sideways. */
  cardsOnPhone?: boolean;
  className?: string;
  emptyText?: string;
  bodyClassName?: string;
  children: ReactNode | ((item: T) => ReactNode);
}): ReactNode {
  const cols = columns.map((column) => (typeof column === "string" ? { name: column } : column));
  const head = caps || bordered ? "text-[11px] tracking-wide text-muted uppercase" : "text-xs text-muted";
  return (
    // Wider than the screen (a phone's): it scrolls in its own box, not the page.
    <div
      className={`max-w-full ${cardsOnPhone ? "md:overflow-x-auto" : "overflow-x-auto"} ${bordered ? "rounded-lg border border-zinc-200 dark:border-zinc-800" : ""} ${className}`}
    >
      <AriaTable
        aria-label={label}
        data-testid={testId}
        className={`w-full ${minWidth ?? ""} text-left text-[13px] ${cardsOnPhone ? "max-md:block" : ""}`}
        {...props}
      >
        <TableHeader className={`${head} ${bordered ? "bg-zinc-50 dark:bg-zinc-900" : ""} ${cardsOnPhone ? "max-md:hidden" : ""}`}>
          {cols.map((column, index) => (
            <Column
              key={column.name || column.label || `column-${index}`}
              id={column.name || column.label || `column-${index}`}
              isRowHeader={column.isRowHeader ?? index === cols.findIndex((c) => c.name !== "")}
              aria-label={column.name ? undefined : (column.label ?? "Actions")}
              className={`py-1.5 font-medium ${bordered ? "px-3 py-2" : index < cols.length - 1 ? "pr-3" : ""} ${column.className ?? ""} ${FOCUS_RING}`}
            >
              {column.name}
            </Column>
          ))}
        </TableHeader>
        <TableBody
          className={`${bordered ? "divide-y divide-zinc-100 dark:divide-zinc-900" : ""} ${cardsOnPhone ? "max-md:block" : ""} ${bodyClassName}`}
          renderEmptyState={emptyText ? () => <p className="p-6 text-center text-sm text-muted">{emptyText}</p> : undefined}
        >
          {children}
        </TableBody>
      </AriaTable>
    </div>
  );
}

/** A row: focusable by arrow keys; `href` or the table's `onRowAction` makes Enter (and a click) open it. */
// A row's outline is not drawn by every browser: a focused row is tinted, with a bar on its left.
const ROW_FOCUS =
  "outline-none data-[focus-visible]:bg-indigo-50 dark:data-[focus-visible]:bg-indigo-950/60 [&[data-focus-visible]>td:first-child]:shadow-[inset_3px_0_0_var(--color-indigo-500)]";

export function Row<T extends object>({ className = "", ...props }: Omit<RowProps<T>, "className"> & { className?: string }): ReactNode {
  return <AriaRow {...props} className={`align-top ${ROW_FOCUS} ${className}`} />;
}

export function Cell({ className = "", ...props }: Omit<CellProps, "className"> & { className?: string }): ReactNode {
  return <AriaCell {...props} className={`${FOCUS_RING} ${className}`} />;
}

/** A row's tick, for a table with `selectionMode="multiple"`: Space ticks the focused row too. */
export function SelectionBox({ label, testId }: { label: string; testId?: string }): ReactNode {
  return (
    <AriaCheckbox slot="selection" aria-label={label} data-testid={testId} className="group flex cursor-default items-center">
      {({ isSelected, isFocusVisible }) => (
        <span
          aria-hidden
          className={`grid size-3.5 place-items-center rounded-[3px] border text-[10px] leading-none text-white ${
            isSelected ? "border-indigo-600 bg-indigo-600" : "border-zinc-400 bg-white dark:border-zinc-500 dark:bg-zinc-900"
          } ${isFocusVisible ? "outline-2 outline-offset-2 outline-indigo-500" : ""}`}
        >
          {isSelected ? "✓" : ""}
        </span>
      )}
    </AriaCheckbox>
  );
}

/**
 * Two rows ticked to compare (audit records, eval runs), in the order they were ticked: a third
 * tick lets go of the oldest. `onSelectionChange` is the table's; `toggle` one row's, for a list
 * of the same rows drawn as cards on a phone.
 */
export function useTwoTicked(allIds: readonly string[]): {
  ticked: string[];
  onSelectionChange: (keys: Selection) => void;
  toggle: (id: string) => void;
} {
  const [ticked, setTicked] = useState<string[]>([]);
  const onSelectionChange = (keys: Selection): void => {
    const now = keys === "all" ? [...allIds] : [...keys].map(String);
    setTicked((current) => [...current.filter((id) => now.includes(id)), ...now.filter((id) => !current.includes(id))].slice(-2));
  };
  const toggle = (id: string): void =>
    setTicked((current) => (current.includes(id) ? current.filter((t) => t !== id) : [...current, id].slice(-2)));
  return { ticked, onSelectionChange, toggle };
}
