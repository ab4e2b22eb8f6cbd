// Light/dark theme: "system" follows the OS; an explicit choice is kept in localStorage. The
// script that applies it before first paint serves the app's pages and the front door's own
// plain pages alike. Client-safe.
export type ThemeChoice = "light" | "dark" | "system";

export const THEME_STORAGE_KEY = "toolscope.theme";

export const THEME_BOOTSTRAP_SCRIPT = `(function(){try{var c=localStorage.getItem("${THEME_STORAGE_KEY}");var d=c==="dark"||((!c||c==="system")&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d);}catch(e){}})();`;
