// The demo server's resources: one of each kind a resource viewer must handle (CSV, JSON,
// Markdown, an image, audio, binary, a large log, a clock to watch), the notes board's
// MCP App, and one template whose variable completes (lib/demo-server/prompts.ts has the prompts).
import type { ReadResourceResult, Resource, ResourceTemplateType } from "@modelcontextprotocol/server";
import { MCP_APP_MIME_TYPE, NOTES_BOARD_HTML, NOTES_BOARD_URI } from "./apps/notes-board";
import { barChartPng, toneWav } from "./media";
import { CLOCK_URI, clockReading, clockTickMs } from "./clock";

type DemoResource = Resource & { read: () => ReadResourceResult["contents"][number] };

const REPORT_CSV = "month,visitors\nJanuary,1200\nFebruary,1350\nMarch,1610\n";
const CONFIG_JSON = JSON.stringify({ retries: 3, regions: ["eu-west", "us-east"] }, null, 2);
const GUIDE_MD = [
  "# Getting started",
  "",
  "The demo server has **tools**, **resources** and **prompts**.",
  "",
  "- Read `demo://files/report.csv` for the visitors report.",
  "- Fill the `demo://weather/{city}` template for a forecast.",
].join("\n");
/** About 400 KB: more than a page should draw at once. */
const LARGE_LOG = Array.from(
  { length: 6_000 },
  (_v, i) => `2026-11-26T12:${String(Math.floor(i / 100) % 60).padStart(2, "0")}:00Z line ${i + 1} of the service log, nothing to see`,
).join("\n");
const SAMPLE_BYTES = Buffer.from(Array.from({ length: 256 }, (_v, i) => i));
export const WEATHER_CITIES = ["Amsterdam", "Berlin", "Braga", "Lisbon", "London", "Madrid", "Oslo", "Paris", "Porto"] as const;

const resources: DemoResource[] = [
  {
    uri: "demo://files/report.csv",
    name: "report.csv",
    title: "Visitors report",
    description: "A small CSV report",
    mimeType: "text/csv",
    read: () => ({ uri: "demo://files/report.csv", mimeType: "text/csv", text: REPORT_CSV }),
  },
  {
    uri: "demo://files/config.json",
    name: "config.json",
    title: "Service configuration",
    mimeType: "application/json",
    read: () => ({ uri: "demo://files/config.json", mimeType: "application/json", text: CONFIG_JSON }),
  },
  {
    uri: "demo://docs/guide.md",
    name: "guide.md",
    title: "Getting started",
    description: "How to find your way around the demo server",
    mimeType: "text/markdown",
    annotations: { audience: ["user"], priority: 0.8 },
    read: () => ({ uri: "demo://docs/guide.md", mimeType: "text/markdown", text: GUIDE_MD }),
  },
  {
    uri: "demo://images/chart.png",
    name: "chart.png",
    title: "Visitors chart",
    mimeType: "image/png",
    read: () => ({ uri: "demo://images/chart.png", mimeType: "image/png", blob: barChartPng([1200, 1350, 1610]).toString("base64") }),
  },
  {
    uri: "demo://audio/tone.wav",
    name: "tone.wav",
    title: "A short tone",
    description: "Half a second of A4, as WAV",
    mimeType: "audio/wav",
    read: () => ({ uri: "demo://audio/tone.wav", mimeType: "audio/wav", blob: toneWav(440, 500).toString("base64") }),
  },
  {
    uri: "demo://files/sample.bin",
    name: "sample.bin",
    title: "Binary sample",
    description: "256 bytes, 0 to 255",
    mimeType: "application/octet-stream",
    size: SAMPLE_BYTES.length,
    read: () => ({ uri: "demo://files/sample.bin", mimeType: "application/octet-stream", blob: SAMPLE_BYTES.toString("base64") }),
  },
  {
    uri: "demo://logs/service.log",
    name: "service.log",
    title: "Service log (large)",
    description: "About 400 KB of text",
    mimeType: "text/plain",
    size: Buffer.byteLength(LARGE_LOG),
    read: () => ({ uri: "demo://logs/service.log", mimeType: "text/plain", text: LARGE_LOG }),
  },
  {
    uri: CLOCK_URI,
    name: "now",
    title: "Server clock",
    description: `The server's time, moving on every ${clockTickMs() / 1000} s: watch it`,
    mimeType: "application/json",
    read: () => ({ uri: CLOCK_URI, mimeType: "application/json", text: clockReading() }),
  },
  {
    uri: NOTES_BOARD_URI,
    name: "notes-board.html",
    title: "Notes board (MCP App)",
    description: "The notes_board tool's UI",
    mimeType: MCP_APP_MIME_TYPE,
    // No network at all: the app declares no domains, so its CSP allows none.
    _meta: { ui: { csp: {}, prefersBorder: true } },
    read: () => ({
      uri: NOTES_BOARD_URI,
      mimeType: MCP_APP_MIME_TYPE,
      text: NOTES_BOARD_HTML,
      _meta: { ui: { csp: {}, prefersBorder: true } },
    }),
  },
];

/** Listed while the bonus tool is (tools/interactive.ts): the resource list changes with it. */
const BONUS_NOTES = "# Bonus\n\nThis resource comes and goes with the bonus tool.\n";
const bonusResource: DemoResource = {
  uri: "demo://bonus/notes.md",
  name: "notes.md",
  title: "Bonus notes",
  description: "Listed only while the bonus tool is",
  mimeType: "text/markdown",
  read: () => ({ uri: "demo://bonus/notes.md", mimeType: "text/markdown", text: BONUS_NOTES }),
};

const listed = (bonus: boolean): DemoResource[] => (bonus ? [...resources, bonusResource] : resources);

export function listDemoResources(bonus = false): Resource[] {
  return listed(bonus).map(({ read: _read, ...resource }) => resource);
}

export const WEATHER_TEMPLATE = "demo://weather/{city}";

export function listDemoResourceTemplates(): ResourceTemplateType[] {
  return [
    {
      uriTemplate: WEATHER_TEMPLATE,
      name: "weather",
      title: "Weather forecast",
      description: "Tomorrow's forecast for a city (the city completes)",
      mimeType: "application/json",
    },
  ];
}

function forecast(city: string): ReadResourceResult["contents"][number] {
  // The same city always gets the same made-up forecast.
  const seed = [...city].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const text = JSON.stringify(
    { city, tomorrow: { high: 8 + (seed % 15), low: seed % 8, sky: ["sunny", "cloudy", "rain"][seed % 3] } },
    null,
    2,
  );
  return { uri: `demo://weather/${encodeURIComponent(city)}`, mimeType: "application/json", text };
}

export function readDemoResource(uri: string, bonus = false): ReadResourceResult | undefined {
  const found = listed(bonus).find((r) => r.uri === uri);
  if (found) return { contents: [found.read()] };
  const city = /^demo:\/\/weather\/([^/?#]+)$/.exec(uri)?.[1];
  if (!city) return undefined;
  try {
    return { contents: [forecast(decodeURIComponent(city))] };
  } catch {
    return undefined;
  }
}

/** Cities that start with what was typed, for completion/complete. */
export function completeCity(prefix: string): string[] {
  return WEATHER_CITIES.filter((city) => city.toLowerCase().startsWith(prefix.toLowerCase()));
}

export const DEMO_REPORT_CSV = REPORT_CSV;
