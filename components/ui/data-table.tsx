// The lists of rows Toolscope shows as tables (agents, decided approvals, tokens, people): one
// head style, a box that scrolls sideways on a phone instead of the page, and a name for a
// column of buttons, which a header cell must have for a screen reader.
import type { ReactNode } from "react";

export function DataTable({
  columns,
  minWidth,
  testId,
  caps = false,
  bodyClassName,
  children,
}: {
  /** The header cells; "" for a column of actions, named for screen readers only. */
  columns: readonly string[];
  /** A Tailwind min-width under which the table scrolls in its box (min-w-[40rem]) rather than wrap its columns. */
  minWidth?: string;
  testId: string;
  /** Small capitals for the head, as the account and people pages have it. */
  caps?: boolean;
  bodyClassName?: string;
  children: ReactNode;
}): ReactNode {
  const table = (
    <table className={`w-full ${minWidth ?? ""} text-left text-[13px]`} data-testid={testId}>
      <thead className={caps ? "text-[11px] tracking-wide text-muted uppercase" : "text-xs text-muted"}>
        <tr>
          {columns.map((column, index) => (
            <th
              key={column || `actions-${index}`}
              className={`py-1.5 font-medium ${index < columns.length - 1 ? "pr-3" : ""}`}
              aria-label={column ? undefined : "Actions"}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={bodyClassName}>{children}</tbody>
    </table>
  );
  // Wider than the screen (a phone's): it scrolls in its own box, not the page.
  return <div className="max-w-full overflow-x-auto">{table}</div>;
}
