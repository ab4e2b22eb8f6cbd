"use client";

// Every checkbox, one way: the browser's own box (the most robust there is for keyboards,
// assistive technology, forms and tests) in a label with its words, styled alike on every
// screen. A box without words takes `label`.
import type { ReactNode } from "react";

export function Checkbox({
  isSelected,
  onChange,
  isDisabled,
  name,
  label,
  title,
  testId,
  className = "inline-flex items-start gap-1.5",
  children,
}: {
  isSelected: boolean;
  onChange: (checked: boolean) => void;
  isDisabled?: boolean | undefined;
  /** Its name in a <form>'s data (sent as "on" when ticked). */
  name?: string;
  /** The accessible name of a box shown without words. */
  label?: string;
  title?: string;
  /** On the input itself, as tests and scripts reach for it. */
  testId?: string;
  /** The layout of the box with its words (gap, size, colour of the words). */
  className?: string;
  children?: ReactNode;
}): ReactNode {
  return (
    <label className={`cursor-default has-[:disabled]:opacity-60 ${className}`} title={title}>
      <input
        type="checkbox"
        checked={isSelected}
        onChange={(event) => onChange(event.target.checked)}
        disabled={isDisabled}
        name={name}
        aria-label={label}
        data-testid={testId}
        className="mt-[0.2em] size-3.5 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      />
      {children !== undefined && <span className="min-w-0">{children}</span>}
    </label>
  );
}
