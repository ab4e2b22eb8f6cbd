"use client";

import { Button } from "@/components/ui/button";
import { useEffect, useState, type ReactNode } from "react";
import { applyTheme, THEME_STORAGE_KEY, type ThemeChoice } from "./theme";

const ORDER: ThemeChoice[] = ["system", "light", "dark"];
const LABEL: Record<ThemeChoice, string> = { system: "System theme", light: "Light theme", dark: "Dark theme" };
const GLYPH: Record<ThemeChoice, string> = { system: "◐", light: "☀", dark: "☾" };

export function ThemeToggle(): ReactNode {
  // null until the saved choice is read: applying "system" meanwhile would flash the wrong theme.
  const [saved, setSaved] = useState<ThemeChoice | null>(null);
  const choice = saved ?? "system";

  useEffect(() => {
    // Reading localStorage must wait for the client; the server cannot know the choice.
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSaved(stored === "light" || stored === "dark" ? stored : "system");
  }, []);

  // The head's script sets the theme before first paint, but a page whose answer changed while
  // streaming (a 404 from notFound()) gets that script through React, which never runs it.
  // Applying the choice here covers that, and "system" follows the OS when it changes.
  useEffect(() => {
    if (saved === null) return;
    applyTheme(saved);
    if (saved !== "system") return;
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    const follow = (): void => applyTheme("system");
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, [saved]);

  const next = (): void => {
    const value = ORDER[(ORDER.indexOf(choice) + 1) % ORDER.length]!;
    setSaved(value);
    localStorage.setItem(THEME_STORAGE_KEY, value);
  };

  return (
    <Button
      onPress={next}
      title={`${LABEL[choice]} (click to change)`}
      aria-label={LABEL[choice]}
      data-testid="theme-toggle"
      className="flex h-7 w-7 items-center justify-center rounded-md text-sm text-muted hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
    >
      {GLYPH[choice]}
    </Button>
  );
}
