"use client";

// The current person in the header: name and role, their account page, the people page for
// admins, and signing out, as a menu (React Aria's: arrow keys, Escape, focus back). Local mode
// says so instead: nobody signs in there.
import type { ReactNode } from "react";
import { Button, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { ROLE_LABELS } from "@/lib/domain/roles";
import { api } from "@/components/api/client";
import { useViewer } from "./viewer";

function initials(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).toUpperCase();
}

export function PersonMenu(): ReactNode {
  const viewer = useViewer();
  if (!viewer?.person) return null;
  if (viewer.mode === "local") {
    return (
      <span
        data-testid="local-mode"
        title="Local mode: no accounts, no token. Only this machine can reach Toolscope, and you may do everything."
        className="hidden rounded-full border border-zinc-200 px-2 py-0.5 text-[11px] text-zinc-600 sm:inline dark:border-zinc-800 dark:text-zinc-400"
      >
        Local mode
      </span>
    );
  }
  const person = viewer.person;
  const signOut = (): void => {
    void api("DELETE /api/session")
      .catch(() => undefined)
      // A full load: nothing of the signed-in page may stay on screen.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      .then(() => window.location.assign("/login"));
  };
  const item = ({ isFocused }: { isFocused: boolean }): string =>
    `block cursor-default px-3 py-1.5 outline-none ${isFocused ? "bg-zinc-100 dark:bg-zinc-800" : ""}`;
  return (
    <MenuTrigger>
      <Button
        data-testid="person-menu"
        className="flex items-center gap-2 rounded-md px-1.5 py-1 text-[13px] outline-none hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-indigo-500/40 dark:hover:bg-zinc-900"
      >
        <span
          aria-hidden
          className="flex size-6 items-center justify-center rounded-full bg-indigo-100 text-[10px] font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
        >
          {initials(person.name)}
        </span>
        {/* On a phone the initials stand for the name and role, which would crowd the nav out of the header. */}
        <span className="sr-only max-w-40 truncate font-medium sm:not-sr-only" data-testid="person-name">
          {person.name}
        </span>
        <span className="sr-only rounded bg-zinc-100 px-1.5 py-px text-[10px] font-medium tracking-wide text-zinc-600 uppercase sm:not-sr-only dark:bg-zinc-800 dark:text-zinc-300">
          {ROLE_LABELS[person.role]}
        </span>
      </Button>
      <Popover
        placement="bottom end"
        className="w-60 overflow-hidden rounded-lg border border-zinc-200 bg-white py-1 text-[13px] shadow-lg dark:border-zinc-800 dark:bg-zinc-950"
      >
        <div className="border-b border-zinc-100 px-3 py-2 dark:border-zinc-900">
          <div className="truncate font-medium">{person.name}</div>
          <div className="truncate text-xs text-muted">
            {person.email ?? (person.authMethod === "bootstrap-token" ? "bootstrap token" : "")}
          </div>
        </div>
        <Menu aria-label={`${person.name}'s menu`} className="outline-none">
          {person.id ? (
            <MenuItem id="account" href="/account" className={item}>
              Account, tokens and sessions
            </MenuItem>
          ) : null}
          {viewer.permissions.includes("people:manage") && viewer.mode === "accounts" ? (
            <MenuItem id="people" href="/people" className={item}>
              People
            </MenuItem>
          ) : null}
          <MenuItem id="sign-out" onAction={signOut} className={item} data-testid="sign-out">
            Sign out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
