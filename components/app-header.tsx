import Link from "next/link";
import type { ReactNode } from "react";
import type { SessionState } from "@/lib/auth/session-state";
import { PersonMenu } from "./auth/person-menu";
import { MainNav, type NavItem } from "./nav-menu";
import { ThemeToggle } from "./ui/theme-toggle";
import { WaitingAlert } from "./approvals/waiting-badge";

/** The places the viewer may go, in the header's order. */
function navItems(viewer: SessionState): NavItem[] {
  const can = (permission: SessionState["permissions"][number]) => viewer.permissions.includes(permission);
  return [
    { href: "/", match: "/servers/", label: "Tools" },
    { href: "/tools", match: "/tools", exact: true, label: "All servers" },
    { href: "/servers", match: "/servers", exact: true, label: "Servers" },
    { href: "/saved", match: "/saved", label: "Saved" },
    { href: "/playground", match: "/playground", label: "Chat" },
    { href: "/evals", match: "/evals", label: "Evals" },
    ...(can("tools:call") ? [{ href: "/approvals", match: "/approvals", label: "Approvals", approvals: true }] : []),
    ...(can("audit:read") ? [{ href: "/agents", match: "/agents", label: "Agents" }] : []),
    ...(can("audit:read") ? [{ href: "/audit", match: "/audit", label: "Audit log" }] : []),
    ...(can("people:manage") && viewer.mode === "accounts" ? [{ href: "/people", match: "/people", label: "People" }] : []),
  ];
}

export function AppHeader({ viewer }: { viewer: SessionState }): ReactNode {
  return (
    <header className="flex h-11 shrink-0 items-center gap-3 border-b border-zinc-200 bg-white px-3 sm:gap-6 sm:px-4 dark:border-zinc-800 dark:bg-zinc-950">
      <Link href="/" className="flex shrink-0 items-center gap-2 text-sm font-semibold tracking-tight">
        <span aria-hidden className="flex size-5 items-center justify-center rounded bg-indigo-600 text-[11px] font-bold text-white">
          T
        </span>
        <span className="sr-only sm:not-sr-only">Toolscope</span>
      </Link>
      {viewer.signedIn && <MainNav items={navItems(viewer)} />}
      <div className="ml-auto flex shrink-0 items-center gap-2">
        {viewer.signedIn && viewer.permissions.includes("tools:call") && <WaitingAlert />}
        <PersonMenu />
        <ThemeToggle />
      </div>
    </header>
  );
}
