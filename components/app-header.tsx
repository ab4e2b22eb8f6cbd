import Link from "next/link";
import type { ReactNode } from "react";
import type { SessionState } from "@/lib/auth/session-state";
import { PersonMenu } from "./auth/person-menu";
import { NavLink } from "./ui/nav-link";
import { ThemeToggle } from "./ui/theme-toggle";
import { WaitingAlert, WaitingBadge } from "./approvals/waiting-badge";

export function AppHeader({ viewer }: { viewer: SessionState }): ReactNode {
  const can = (permission: SessionState["permissions"][number]) => viewer.permissions.includes(permission);
  return (
    <header className="flex h-11 shrink-0 items-center gap-3 border-b border-zinc-200 bg-white px-3 sm:gap-6 sm:px-4 dark:border-zinc-800 dark:bg-zinc-950">
      <Link href="/" className="flex shrink-0 items-center gap-2 text-sm font-semibold tracking-tight">
        <span aria-hidden className="flex size-5 items-center justify-center rounded bg-indigo-600 text-[11px] font-bold text-white">
          T
        </span>
        <span className="sr-only sm:not-sr-only">Toolscope</span>
      </Link>
      {viewer.signedIn && (
        <nav aria-label="Main" className="-my-2 flex min-w-0 items-center gap-1 overflow-x-auto py-2 text-[13px] whitespace-nowrap">
          <NavLink href="/" match="/servers/">
            Tools
          </NavLink>
          <NavLink href="/tools" match="/tools" exact>
            All servers
          </NavLink>
          <NavLink href="/servers" match="/servers" exact>
            Servers
          </NavLink>
          <NavLink href="/saved" match="/saved">
            Saved
          </NavLink>
          <NavLink href="/playground" match="/playground">
            Chat
          </NavLink>
          <NavLink href="/evals" match="/evals">
            Evals
          </NavLink>
          {can("tools:call") && (
            <NavLink href="/approvals" match="/approvals">
              Approvals
              <WaitingBadge />
            </NavLink>
          )}
          {can("audit:read") && (
            <NavLink href="/agents" match="/agents">
              Agents
            </NavLink>
          )}
          {can("audit:read") && (
            <NavLink href="/audit" match="/audit">
              Audit log
            </NavLink>
          )}
          {can("people:manage") && viewer.mode === "accounts" && (
            <NavLink href="/people" match="/people">
              People
            </NavLink>
          )}
        </nav>
      )}
      <div className="ml-auto flex shrink-0 items-center gap-2">
        {viewer.signedIn && viewer.permissions.includes("tools:call") && <WaitingAlert />}
        <PersonMenu />
        <ThemeToggle />
      </div>
    </header>
  );
}
