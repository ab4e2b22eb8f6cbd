// Light/dark theme: "system" follows the OS; an explicit choice is kept in localStorage.
export type ThemeChoice = "light" | "dark" | "system";

export const THEME_STORAGE_KEY = "toolscope.theme";

export const THEME_BOOTSTRAP_SCRIPT = `(function(){try{var c=localStorage.getItem("${THEME_STORAGE_KEY}");var d=c==="dark"||((!c||c==="system")&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d);}catch(e){}})();`;

export function applyTheme(choice: ThemeChoice): void {
  const dark = choice === "dark" || (choice === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
}
