"use client";

import { useEffect, useState, type ReactNode } from "react";
import { applyTheme, THEME_STORAGE_KEY, type ThemeChoice } from "./theme";

const ORDER: ThemeChoice[] = ["system", "light", "dark"];
const LABEL: Record<ThemeChoice, string> = { system: "System theme", light: "Light theme", dark: "Dark theme" };
const GLYPH: Record<ThemeChoice, string> = { system: "◐", light: "☀", dark: "☾" };

export function ThemeToggle(): ReactNode {
  const [choice, setChoice] = useState<ThemeChoice>("system");

  useEffect(() => {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    // Reading localStorage must wait for the client; the server cannot know the choice.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (saved === "light" || saved === "dark" || saved === "system") setChoice(saved);
  }, []);

  const next = (): void => {
    const value = ORDER[(ORDER.indexOf(choice) + 1) % ORDER.length]!;
    setChoice(value);
    localStorage.setItem(THEME_STORAGE_KEY, value);
    applyTheme(value);
  };

  return (
    <button
      type="button"
      onClick={next}
      title={`${LABEL[choice]} (click to change)`}
      aria-label={LABEL[choice]}
      data-testid="theme-toggle"
      className="flex h-7 w-7 items-center justify-center rounded-md text-sm text-muted hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
    >
      {GLYPH[choice]}
    </button>
  );
}
