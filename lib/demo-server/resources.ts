// The few resources the demo server exposes, so resource_link results can be followed
// with resources/read.
import type { ReadResourceResult, Resource } from "@modelcontextprotocol/server";
import { MCP_APP_MIME_TYPE, NOTES_BOARD_HTML, NOTES_BOARD_URI } from "./apps/notes-board";

type DemoResource = Resource & { read: () => ReadResourceResult["contents"][number] };

const REPORT_CSV = "month,visitors\nJanuary,1200\nFebruary,1350\nMarch,1610\n";
const CONFIG_JSON = JSON.stringify({ retries: 3, regions: ["eu-west", "us-east"] }, null, 2);

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

export function listDemoResources(): Resource[] {
  return resources.map(({ read: _read, ...resource }) => resource);
}

export function readDemoResource(uri: string): ReadResourceResult | undefined {
  const found = resources.find((r) => r.uri === uri);
  return found ? { contents: [found.read()] } : undefined;
}

export const DEMO_REPORT_CSV = REPORT_CSV;
