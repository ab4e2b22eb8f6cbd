"use client";

import { usePathname } from "next/navigation";
import { IntentLink } from "./intent-link";
import type { ReactNode } from "react";

export function NavLink({
  href,
  match,
  exact,
  children,
}: {
  href: string;
  match: string;
  exact?: boolean;
  children: ReactNode;
}): ReactNode {
  const pathname = usePathname();
  const active = exact ? pathname === match : pathname.startsWith(match) || (href === "/" && pathname === "/");
  return (
    <IntentLink
      href={href}
      aria-current={active ? "page" : undefined}
      className={`rounded-md px-2 py-1 ${active ? "bg-zinc-100 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100" : "text-muted hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"}`}
    >
      {children}
    </IntentLink>
  );
}
