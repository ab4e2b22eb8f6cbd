// Applying the theme in the browser; what it is and how the first paint gets it: lib/domain/theme.ts.
import type { ThemeChoice } from "@/lib/domain/theme";

export { THEME_BOOTSTRAP_SCRIPT, THEME_STORAGE_KEY, type ThemeChoice } from "@/lib/domain/theme";

export function applyTheme(choice: ThemeChoice): void {
  const dark = choice === "dark" || (choice === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
}
