"use client";

// Every fold on every screen (a tool's schemas, a finding's why, a panel for admins): React Aria's
// Disclosure, so each one is a button that says whether it is open (aria-expanded), takes Enter
// and Space, shows focus, and looks alike.
import type { ReactNode } from "react";
import { Button, Disclosure as AriaDisclosure, DisclosurePanel, Heading } from "react-aria-components";

export function Disclosure({
  title,
  defaultOpen = false,
  open,
  onOpenChange,
  className = "",
  triggerClassName = "",
  panelClassName = "",
  testId,
  triggerTestId,
  headingLevel,
  children,
}: {
  title: ReactNode;
  defaultOpen?: boolean;
  /** Controlled: whether it is open, and what to do when the person opens or closes it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
  triggerClassName?: string;
  panelClassName?: string;
  testId?: string;
  triggerTestId?: string;
  /** When the fold titles a section: its button inside a heading of this level. */
  headingLevel?: 2 | 3 | 4;
  children: ReactNode;
}): ReactNode {
  const trigger = (
    <Button
      slot="trigger"
      data-testid={triggerTestId}
      className={`flex w-full cursor-pointer items-center gap-1.5 rounded text-left outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40 ${triggerClassName}`}
    >
      <span aria-hidden className="text-[0.75em] text-zinc-500 transition-transform group-data-[expanded]/disclosure:rotate-90">
        ▶
      </span>
      {title}
    </Button>
  );
  return (
    <AriaDisclosure
      defaultExpanded={defaultOpen}
      isExpanded={open}
      onExpandedChange={onOpenChange}
      className={`group/disclosure ${className}`}
      data-testid={testId}
    >
      {headingLevel ? <Heading level={headingLevel}>{trigger}</Heading> : trigger}
      <DisclosurePanel className={panelClassName}>{children}</DisclosurePanel>
    </AriaDisclosure>
  );
}
