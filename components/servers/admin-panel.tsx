"use client";

// A part of a server's page that only those who manage servers can use: not there at all for
// anyone else, and folded for them, so that the page opens on the server rather than its
// settings. What it holds is drawn (and fetched) only once it is opened.
import { useState, type ReactNode } from "react";
import { useCan } from "@/components/auth/viewer";
import { Disclosure } from "@/components/ui/disclosure";

export function AdminPanel({
  title,
  testId,
  defaultOpen = false,
  children,
}: {
  title: string;
  testId: string;
  defaultOpen?: boolean;
  children: ReactNode;
}): ReactNode {
  const canManage = useCan("servers:manage");
  const [open, setOpen] = useState(defaultOpen);
  if (!canManage) return null;
  return (
    <Disclosure
      className="mt-6 rounded-lg border border-zinc-200 dark:border-zinc-800"
      testId={testId}
      open={open}
      onOpenChange={setOpen}
      triggerClassName=" rounded-lg px-4 py-2.5  focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none"
      headingLevel={2}
      title={
        <>
          <span className="text-sm font-semibold">{title}</span>
          <span className="ml-2 text-xs font-normal text-muted">admins only</span>
        </>
      }
    >
      {open && <div className="border-t border-zinc-200 px-4 py-3 dark:border-zinc-800">{children}</div>}
    </Disclosure>
  );
}
