"use client";

// Every button, one way: React Aria's Button, a real <button> whose press is one event for mouse,
// touch, pen, keyboard and screen reader alike (no click after a drag or a scroll, disabled
// without leaving the Tab order's logic to each screen). Its looks come from ui/classes.ts.
// `title` is kept on a wrapper (React Aria's Button passes on no title of its own), so a
// button's tooltip stays.
import type { ReactNode, Ref } from "react";
import { Button as AriaButton, type ButtonProps } from "react-aria-components";

export function Button({
  title,
  ref,
  ...props
}: ButtonProps & { title?: string | undefined; ref?: Ref<HTMLButtonElement> | undefined }): ReactNode {
  const button = <AriaButton ref={ref} {...props} />;
  return title === undefined ? (
    button
  ) : (
    <span title={title} className="contents">
      {button}
    </span>
  );
}
