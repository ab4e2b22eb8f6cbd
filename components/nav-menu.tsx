"use client";

// The header's navigation: every place in a row where there is room for them, and below 1024 px
// one "Menu" button that opens them as a menu (arrow keys, Escape, focus back: React Aria's), so
// no place is hidden past the edge of a phone's screen.
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { Button, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { WaitingBadge } from "./approvals/waiting-badge";
import { NavLink } from "./ui/nav-link";

export type NavItem = { href: string; match: string; exact?: boolean; label: string; approvals?: boolean };

function isActive(item: NavItem, pathname: string): boolean {
  return item.exact ? pathname === item.match : pathname.startsWith(item.match) || (item.href === "/" && pathname === "/");
}

export function MainNav({ items }: { items: NavItem[] }): ReactNode {
  const pathname = usePathname();
  const current = items.find((item) => isActive(item, pathname));
  return (
    <>
      <nav aria-label="Main" className="-my-2 hidden min-w-0 items-center gap-1 py-2 text-[13px] whitespace-nowrap lg:flex">
        {items.map((item) => (
          <NavLink key={item.href} href={item.href} match={item.match} exact={item.exact}>
            {item.label}
            {item.approvals && <WaitingBadge />}
          </NavLink>
        ))}
      </nav>
      <MenuTrigger>
        <Button
          className="flex items-center gap-1.5 rounded-md border border-zinc-300 px-2.5 py-1 text-[13px] font-medium outline-none hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-indigo-500/40 lg:hidden dark:border-zinc-700 dark:hover:bg-zinc-900"
          data-testid="main-menu"
        >
          <span aria-hidden>☰</span> Menu
          {current && <span className="sr-only"> (you are on {current.label})</span>}
        </Button>
        <Popover
          placement="bottom start"
          className="min-w-48 rounded-lg border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-950"
        >
          <Menu aria-label="Main" className="text-[13px] outline-none">
            {items.map((item) => (
              <MenuItem
                key={item.href}
                id={item.href}
                href={item.href}
                textValue={item.label}
                className={({ isFocused }) =>
                  `flex cursor-default items-center px-3 py-1.5 outline-none ${isFocused ? "bg-zinc-100 dark:bg-zinc-800" : ""} ${isActive(item, pathname) ? "font-semibold" : ""}`
                }
              >
                {item.label}
                {item.approvals && <WaitingBadge />}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
    </>
  );
}
