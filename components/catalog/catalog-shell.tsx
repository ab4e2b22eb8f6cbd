"use client";

// A server's pages: the tool catalog beside the content from 768 px up; below that the catalog
// is a drawer (a modal <dialog>, so focus stays in it and Esc closes it) opened from a bar at
// the top of the content, and picking a tool closes it.
import { Button } from "@/components/ui/button";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { listedTools } from "@/lib/domain/catalog-filters";
import { useCatalog } from "./catalog-context";
import { ToolList } from "./tool-list";
import { FeatureNav } from "@/components/features/feature-nav";

export function CatalogShell({ children }: { children: ReactNode }): ReactNode {
  const drawer = useRef<HTMLDialogElement>(null);
  const pathname = usePathname();
  const { data, serverId } = useCatalog();
  // The drawer's catalog is mounted only while it is open, so narrow screens do not hold two.
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (drawer.current?.open) drawer.current.close();
  }, [pathname]);

  return (
    <div className="flex h-full min-h-0">
      <ToolList className="hidden w-[340px] shrink-0 border-r md:flex" />
      <dialog
        ref={drawer}
        aria-label="Tools"
        data-testid="catalog-drawer"
        onClose={() => setOpen(false)}
        onClick={(e) => e.target === e.currentTarget && e.currentTarget.close()}
        className="m-0 h-dvh max-h-none w-[min(340px,88vw)] max-w-none bg-white p-0 text-inherit backdrop:bg-zinc-950/40 md:hidden dark:bg-zinc-950"
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
            <span className="text-sm font-semibold">Tools</span>
            <Button
              onPress={() => drawer.current?.close()}
              className="rounded px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              Close
            </Button>
          </div>
          {open && <ToolList className="flex min-h-0 w-full flex-1" />}
        </div>
      </dialog>
      <div id="content" tabIndex={-1} className="min-h-0 min-w-0 flex-1 overflow-y-auto outline-none">
        <div className="sticky top-0 z-20 flex items-center gap-2 border-b border-zinc-200 bg-white/95 px-4 py-2 backdrop-blur md:hidden dark:border-zinc-800 dark:bg-zinc-950/95">
          <Button
            onPress={() => {
              setOpen(true);
              drawer.current?.showModal();
            }}
            aria-haspopup="dialog"
            data-testid="catalog-drawer-open"
            className="rounded-md border border-zinc-300 px-2.5 py-1 text-[13px] font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
          >
            ☰ Tools{data ? ` (${listedTools(data.tools, []).length})` : ""}
          </Button>
          <span className="min-w-0 truncate text-[13px] text-zinc-600 dark:text-zinc-400">{data?.server.name}</span>
        </div>
        {serverId && <FeatureNav serverId={serverId} />}
        <div id="page-content" tabIndex={-1} className="outline-none">
          {children}
        </div>
      </div>
    </div>
  );
}
