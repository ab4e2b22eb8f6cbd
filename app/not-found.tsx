import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";

export const metadata: Metadata = { title: "Not found" };

// Next's own 404 brings its own colours (black in a dark OS even when Toolscope is set light)
// and no way on; this one is in the app's theme and says where to go instead.
export default function NotFound(): ReactNode {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-8">
        <p className="font-mono text-sm text-muted">404</p>
        <h1 className="mt-1 text-lg font-semibold tracking-tight">Nothing here</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          This address names no page: it may have been mistyped, or what it pointed to (a saved call, a collection, an audit record) has
          been removed.
        </p>
        <nav aria-label="Where to go instead" className="mt-6 flex flex-wrap gap-2">
          <Link href="/" className={BUTTON_PRIMARY}>
            Tools
          </Link>
          <Link href="/servers" className={BUTTON_SECONDARY}>
            Servers
          </Link>
          <Link href="/saved" className={BUTTON_SECONDARY}>
            Saved calls
          </Link>
          <Link href="/audit" className={BUTTON_SECONDARY}>
            Audit log
          </Link>
        </nav>
      </div>
    </div>
  );
}
