// Command-line flags of bench/catalog-render.ts.
import { parseArgs } from "node:util";
import { positiveInt } from "./lifecycle";

export type CatalogBenchOptions = {
  /** Generated tools per catalog; the demo server adds its fixed tools to each. */
  sizes: number[];
  pageSize: number;
  loads: number;
  runs: number;
  baseUrl: string | undefined;
  traceDir: string | undefined;
  json: boolean;
};

export const CATALOG_USAGE = `Usage: npx tsx bench/catalog-render.ts [flags]

  --sizes N,N,...   generated tools per catalog; the demo server adds 24 of its own (default 1000,10000)
  --page-size N     tools per tools/list page of the demo server (default 100)
  --loads N         cold (fresh connection) and warm page loads per size (default 3)
  --runs N          Run clicks on the read_note tool per size (default 5)
  --base-url URL    use an already running Toolscope instead of starting one from .next
  --trace DIR       also write Chromium performance traces (open them in DevTools' Performance
                    panel); tracing slows the page, so the numbers of that run are inflated
  --json            print one JSON document on stdout instead of the tables
  --help            this text`;

/** The options, or undefined when --help was asked for. Throws on a bad flag. */
export function parseCatalogOptions(argv: string[]): CatalogBenchOptions | undefined {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      sizes: { type: "string" },
      "page-size": { type: "string" },
      loads: { type: "string" },
      runs: { type: "string" },
      "base-url": { type: "string" },
      trace: { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return undefined;
  const sizes = (values.sizes ?? "1000,10000").split(",").map((raw) => positiveInt("sizes", raw.trim().replace(/_/g, ""), 0, 0));
  const baseUrl = values["base-url"]?.replace(/\/+$/, "");
  if (baseUrl !== undefined && !/^https?:\/\/[^/]+$/.test(baseUrl))
    throw new Error(`--base-url must be an origin like http://127.0.0.1:3000`);
  return {
    sizes,
    pageSize: positiveInt("page-size", values["page-size"], 100),
    loads: positiveInt("loads", values.loads, 3),
    runs: positiveInt("runs", values.runs, 5),
    baseUrl,
    traceDir: values.trace,
    json: values.json ?? false,
  };
}
