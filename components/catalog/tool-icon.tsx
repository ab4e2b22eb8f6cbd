// A tool's icon, chosen by size and theme. data: images of types a browser renders inertly
// are used as they are; http(s) icons only through Toolscope's icon route, which fetches
// and checks them; always through <img>, where an SVG cannot run script. Anything else, or
// an icon that fails to load, falls back to a placeholder with the tool's initial.
"use client";

import { useState, type ReactNode } from "react";
import type { Tool } from "@/lib/domain/mcp-types";

type Icon = NonNullable<Tool["icons"]>[number];

const SAFE_DATA_URI = /^data:image\/(png|jpeg|gif|webp|svg\+xml)(;[a-z0-9=.+-]+)*(;base64)?,/i;
const REMOTE = /^https?:\/\//i;

function largestSide(icon: Icon): number {
  const sizes = icon.sizes ?? [];
  if (sizes.includes("any")) return Number.POSITIVE_INFINITY;
  return Math.max(0, ...sizes.map((s) => Number(/^(\d+)x\d+$/.exec(s)?.[1] ?? 0)));
}

/** The best icon for a theme: the smallest at least `wanted` pixels wide, else the largest there is. */
export function pickIcon(
  icons: readonly Icon[] | undefined,
  theme: "light" | "dark",
  wanted: number,
  remoteAllowed: boolean,
): Icon | undefined {
  const usable = (icons ?? []).filter((i) => SAFE_DATA_URI.test(i.src) || (remoteAllowed && REMOTE.test(i.src)));
  const themed = usable.filter((i) => i.theme === theme);
  const unthemed = usable.filter((i) => !i.theme);
  const pool = themed.length ? themed : unthemed.length ? unthemed : usable;
  const sorted = [...pool].sort((a, b) => largestSide(a) - largestSide(b));
  return sorted.find((i) => largestSide(i) >= wanted) ?? sorted.at(-1);
}

function iconSrc(icon: Icon, serverId: string | undefined): string {
  return REMOTE.test(icon.src) && serverId
    ? `/api/servers/${encodeURIComponent(serverId)}/icon?src=${encodeURIComponent(icon.src)}`
    : icon.src;
}

/** `serverId` enables http(s) icons, fetched through that server's icon route. */
export function ToolIcon({ tool, size = 20, serverId }: { tool: Tool; size?: number; serverId?: string }): ReactNode {
  const [broken, setBroken] = useState(false);
  const light = pickIcon(tool.icons, "light", size * 2, !!serverId);
  const dark = pickIcon(tool.icons, "dark", size * 2, !!serverId);
  const style = { width: size, height: size };
  if (broken || (!light && !dark)) {
    return (
      <span
        aria-hidden
        style={style}
        data-testid="tool-icon-placeholder"
        className="flex shrink-0 items-center justify-center rounded bg-zinc-100 text-[10px] font-semibold text-muted uppercase dark:bg-zinc-800 dark:text-zinc-400"
      >
        {tool.name.slice(0, 1)}
      </span>
    );
  }
  const image = (icon: Icon | undefined, className: string): ReactNode =>
    icon && (
      // eslint-disable-next-line @next/next/no-img-element -- data: URIs and checked icons; nothing for next/image to optimise
      <img
        src={iconSrc(icon, serverId)}
        alt=""
        width={size}
        height={size}
        className={className}
        onError={() => setBroken(true)}
        referrerPolicy="no-referrer"
      />
    );
  return (
    <span style={style} className="relative shrink-0" data-testid="tool-icon">
      {image(light, "rounded-sm object-contain dark:hidden")}
      {image(dark, "hidden rounded-sm object-contain dark:block")}
    </span>
  );
}
