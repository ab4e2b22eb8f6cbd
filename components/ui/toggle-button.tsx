"use client";

// A button that stays pressed (a filter, "Watch", "Several lines"): React Aria's ToggleButton,
// so every screen's toggles say their state the same way (aria-pressed), take Space and Enter,
// and show focus alike. Its look is the caller's; `pressed` picks between the two.
import type { ReactNode } from "react";
import { ToggleButton as AriaToggleButton } from "react-aria-components";

export function ToggleButton({
  pressed,
  onChange,
  className,
  pressedClassName = "",
  unpressedClassName = "",
  label,
  testId,
  children,
}: {
  pressed: boolean;
  onChange: (pressed: boolean) => void;
  className: string;
  /** Added while pressed, and while not. */
  pressedClassName?: string;
  unpressedClassName?: string;
  /** An accessible name, when the words shown do not say enough. */
  label?: string;
  testId?: string;
  children: ReactNode;
}): ReactNode {
  return (
    <AriaToggleButton
      isSelected={pressed}
      onChange={onChange}
      aria-label={label}
      data-testid={testId}
      className={`${className} ${pressed ? pressedClassName : unpressedClassName} outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40`}
    >
      {children}
    </AriaToggleButton>
  );
}
