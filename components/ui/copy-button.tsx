"use client";

import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";

const LOOK = "rounded-md border border-zinc-300 px-2.5 py-1 text-xs hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900";

/** Copies a text (or what `text` returns when clicked: the page's address, say) and says so for a moment. */
export function CopyButton({
  text,
  label = "Copy",
  className = LOOK,
  testId,
}: {
  text: string | (() => string);
  label?: string;
  className?: string;
  testId?: string;
}): ReactNode {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      data-testid={testId}
      className={className}
      onPress={() =>
        void navigator.clipboard.writeText(typeof text === "function" ? text() : text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        })
      }
    >
      {copied ? "Copied ✓" : label}
    </Button>
  );
}
