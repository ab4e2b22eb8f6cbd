"use client";

import { useState, type ReactNode } from "react";

/** Copies this page's address, to share it with people who may open it. */
export function CopyLink({ className }: { className?: string }): ReactNode {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      data-testid="copy-page-link"
      className={
        className ?? "rounded-md border border-zinc-300 px-2.5 py-1 text-xs hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
      }
      onClick={() =>
        void navigator.clipboard.writeText(window.location.href).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        })
      }
    >
      {copied ? "Copied ✓" : "Copy link"}
    </button>
  );
}
