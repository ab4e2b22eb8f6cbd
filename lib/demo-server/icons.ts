// Tool icons in every form the spec allows a server to send: PNG and SVG data: URIs,
// several sizes, and light/dark themed variants.
import type { Icon } from "@modelcontextprotocol/server";
import { badgePng, pngDataUri, svgDataUri } from "./media";

type Rgb = readonly [number, number, number];

function pngIcon(size: number, fg: Rgb, bg: Rgb, theme?: "light" | "dark"): Icon {
  return {
    src: pngDataUri(badgePng(size, fg, bg)),
    mimeType: "image/png",
    sizes: [`${size}x${size}`],
    ...(theme ? { theme } : {}),
  };
}

function svgIcon(body: string, stroke: string, theme?: "light" | "dark"): Icon {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="${stroke}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;
  return { src: svgDataUri(svg), mimeType: "image/svg+xml", sizes: ["any"], ...(theme ? { theme } : {}) };
}

const SUN =
  '<circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"/>';
const CHART = '<path d="M3 3v18h18"/><path d="M7 16v-5M12 16V8M17 16v-9"/>';
const TRASH = '<path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6"/>';
const NOTE = '<path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z"/><path d="M14 3v6h6M8 13h8M8 17h5"/>';

/** PNG icons at three sizes for light and dark themes, plus a scalable SVG. */
export const WEATHER_ICONS: Icon[] = [
  pngIcon(16, [245, 158, 11], [255, 255, 255], "light"),
  pngIcon(32, [245, 158, 11], [255, 255, 255], "light"),
  pngIcon(48, [245, 158, 11], [255, 255, 255], "light"),
  pngIcon(16, [251, 191, 36], [15, 23, 42], "dark"),
  pngIcon(32, [251, 191, 36], [15, 23, 42], "dark"),
  pngIcon(48, [251, 191, 36], [15, 23, 42], "dark"),
  svgIcon(SUN, "#d97706"),
];

/** Themed SVG icons only. */
export const CHART_ICONS: Icon[] = [svgIcon(CHART, "#4f46e5", "light"), svgIcon(CHART, "#a5b4fc", "dark")];

/** A PNG icon with neither size nor theme, and an SVG one. */
export const TRASH_ICONS: Icon[] = [
  { src: pngDataUri(badgePng(24, [220, 38, 38], [255, 255, 255])), mimeType: "image/png" },
  svgIcon(TRASH, "#dc2626"),
];

/** One SVG icon with no theme. */
export const NOTE_ICONS: Icon[] = [svgIcon(NOTE, "#0f766e")];

const TOOLBOX = '<rect x="3" y="7" width="18" height="13" rx="2"/><path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18"/>';
/** The demo server's own icon (its serverInfo), themed. */
export const SERVER_ICONS: Icon[] = [svgIcon(TOOLBOX, "#4f46e5", "light"), svgIcon(TOOLBOX, "#a5b4fc", "dark")];
