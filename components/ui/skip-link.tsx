"use client";

// The first stop of the Tab key on every page: jumps past the header (and, on a server's pages,
// past the tool catalog and its tabs) to what the page is about. A page marks that with
// id="page-content" (or id="content"); otherwise the main landmark is the target.
import type { MouseEvent, ReactNode } from "react";

function skip(event: MouseEvent<HTMLAnchorElement>): void {
  const target = document.getElementById("page-content") ?? document.getElementById("content") ?? document.getElementById("main");
  if (!target) return;
  event.preventDefault();
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
  target.scrollIntoView({ block: "start" });
}

export function SkipLink(): ReactNode {
  return (
    <a
      href="#main"
      onClick={skip}
      data-testid="skip-link"
      className="sr-only z-50 rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}
