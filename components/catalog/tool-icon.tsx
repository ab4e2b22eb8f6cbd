// A tool's icon, chosen by size and theme. Only data: images of types a browser renders
// inertly are used, always through <img> (an SVG there cannot run script); anything else,
// or an icon that fails to load, falls back to a placeholder with the tool's initial.
"use client";

import { useState, type ReactNode } from "react";
import type { Tool } from "@/lib/mcp/types";

type Icon = NonNullable<Tool["icons"]>[number];

const SAFE_DATA_URI = /^data:image\/(png|jpeg|gif|webp|svg\+xml)(;[a-z0-9=.+-]+)*(;base64)?,/i;

function largestSide(icon: Icon): number {
  const sizes = icon.sizes ?? [];
  if (sizes.includes("any")) return Number.POSITIVE_INFINITY;
  return Math.max(0, ...sizes.map((s) => Number(/^(\d+)x\d+$/.exec(s)?.[1] ?? 0)));
}

/** The best icon for a theme: the smallest at least `wanted` pixels wide, else the largest there is. */
export function pickIcon(icons: readonly Icon[] | undefined, theme: "light" | "dark", wanted: number): Icon | undefined {
  const usable = (icons ?? []).filter((i) => SAFE_DATA_URI.test(i.src));
  const themed = usable.filter((i) => i.theme === theme);
  const pool = themed.length ? themed : usable.filter((i) => !i.theme).length ? usable.filter((i) => !i.theme) : usable;
  const sorted = [...pool].sort((a, b) => largestSide(a) - largestSide(b));
  return sorted.find((i) => largestSide(i) >= wanted) ?? sorted.at(-1);
}

function IconImage({ icon, size, className }: { icon: Icon | undefined; size: number; className: string }): ReactNode {
  const [broken, setBroken] = useState(false);
  if (!icon || broken) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- data: URIs, nothing for next/image to optimise
    <img
      src={icon.src}
      alt=""
      width={size}
      height={size}
      className={className}
      onError={() => setBroken(true)}
      referrerPolicy="no-referrer"
    />
  );
}

export function ToolIcon({ tool, size = 20 }: { tool: Tool; size?: number }): ReactNode {
  const light = pickIcon(tool.icons, "light", size * 2);
  const dark = pickIcon(tool.icons, "dark", size * 2);
  const style = { width: size, height: size };
  if (!light && !dark) {
    return (
      <span
        aria-hidden
        style={style}
        data-testid="tool-icon-placeholder"
        className="flex shrink-0 items-center justify-center rounded bg-zinc-100 text-[10px] font-semibold uppercase text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400"
      >
        {tool.name.slice(0, 1)}
      </span>
    );
  }
  return (
    <span style={style} className="relative shrink-0" data-testid="tool-icon">
      <IconImage icon={light} size={size} className="rounded-sm object-contain dark:hidden" />
      <IconImage icon={dark} size={size} className="hidden rounded-sm object-contain dark:block" />
    </span>
  );
}
