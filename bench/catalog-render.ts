// Benchmark (not a test): Toolscope's catalog in Chromium with 1,000 and 10,000 generated
// tools. It times connect→rendered (fresh and warm), filter keystrokes, the JS heap and DOM
// size with the catalog loaded, and Run→result on read_note (read-only and closed-world, so Toolscope runs it without a confirmation), next to the browser rows of
// the performance targets.
//
//   npx tsx bench/catalog-render.ts [--sizes 1000,10000] [--loads N] [--runs N] [--base-url URL] [--json]
//
// See bench/README.md for what is measured and how to read it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import { CHROMIUM_PATH } from "../e2e/chromium";
import { generatedToolName } from "../lib/demo-server/tools/generated";
import { isAppOnly } from "../lib/domain/app-ui";
import type { Tool } from "../lib/domain/mcp-types";
import { measureConnects } from "./lib/connect";
import type { StdioEntry } from "./lib/direct-stdio";
import { filterSteps, launchChromium, loadCatalog, measureFilter, measureMemory, measureRuns, type Tracing } from "./lib/browser";
import { CATALOG_USAGE, parseCatalogOptions, type CatalogBenchOptions } from "./lib/catalog-options";
import { buildSizeReport, formatCatalogReport, type SizeResult } from "./lib/catalog-report";
import { log, onCleanup, runBench } from "./lib/lifecycle";
import { launchToolscope, ToolscopeApi } from "./lib/toolscope";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const DEMO_CLI = path.join(REPO_ROOT, "lib", "demo-server", "cli.ts");
/** `npm run build` bundles the demo server, as the product runs it: it starts in half the time tsx takes. */
const DEMO_BUNDLE = path.join(REPO_ROOT, ".toolscope", "demo-server.mjs");
const BIG = "bench-big";
const WARMUP = "bench-warmup";

/** The demo server over stdio, as Toolscope spawns it: a new process for each connection. */
function demoEntry(generated: number, pageSize: number): StdioEntry {
  return {
    command: process.execPath,
    args: fs.existsSync(DEMO_BUNDLE) ? [DEMO_BUNDLE, "stdio"] : ["--import", "tsx", DEMO_CLI, "stdio"],
    env: { TOOLSCOPE_DEMO_TOOLS: String(generated), TOOLSCOPE_DEMO_PAGE_SIZE: String(pageSize) },
    cwd: REPO_ROOT,
  };
}

/**
 * Loads a small catalog and runs read_note once, so that the first measured load does not also pay
 * for Next loading its route code, V8 compiling it, and Chromium's first renderer. Returns the
 * demo server's own tool count as the catalog shows it (the fixed tools every catalog has on top of the generated ones).
 */
async function warmUp(api: ToolscopeApi, context: BrowserContext, pageSize: number): Promise<number> {
  await api.removeServer(WARMUP);
  await api.addServer(WARMUP, demoEntry(0, pageSize));
  onCleanup(() => api.removeServer(WARMUP));
  await api.waitReady(30_000, WARMUP);
  const response = await fetch(`${api.baseUrl}/api/servers/${WARMUP}/tools`);
  const { tools } = (await response.json()) as { tools: Tool[] };
  // The catalog's count leaves out the tools only an MCP App may call.
  const shown = tools.filter((tool) => !isAppOnly(tool)).length;
  const { page } = await loadCatalog(context, `${api.baseUrl}/servers/${WARMUP}`, `${shown} tools`);
  await page.close();
  await measureRuns(context, `${api.baseUrl}/servers/${WARMUP}/tools/read_note`, `${shown} tools`, { id: "welcome" }, 1);
  await api.removeServer(WARMUP);
  return shown;
}

async function measureSize(
  api: ToolscopeApi,
  browser: Browser,
  context: BrowserContext,
  generated: number,
  total: number,
  options: CatalogBenchOptions,
): Promise<SizeResult> {
  const expected = `${total} tools`;
  const tracing = (name: string): Tracing | undefined =>
    options.traceDir ? { browser, path: path.join(options.traceDir, `catalog-${generated}-${name}.json`) } : undefined;
  const connects = await measureConnects({
    api,
    context,
    serverId: BIG,
    entry: demoEntry(generated, options.pageSize),
    expectedCount: expected,
    loads: options.loads,
    tracing: tracing("cold-load"),
    log,
  });
  const { page: kept, ...connectSamples } = connects;
  // Only this page is open, so the heap and DOM figures are the catalog's alone.
  const memory = await measureMemory(kept);
  // A generated tool near the end of the list, or a fixed one when there are too few.
  const steps = filterSteps("invioce", generated >= 2 ? generatedToolName(generated - 2) : "get_weather");
  const filterTrace = tracing("filter");
  if (filterTrace) await browser.startTracing(kept, { path: filterTrace.path, screenshots: false });
  const filter = await measureFilter(kept, steps);
  if (filterTrace) await browser.stopTracing();
  await kept.close();
  log(`${total} tools: heap ${memory.heapUsedMiB.toFixed(1)} MiB, ${memory.domElements} elements; ${filter.length} keystrokes measured`);
  const runs = await measureRuns(context, `${api.baseUrl}/servers/${BIG}/tools/read_note`, expected, { id: "welcome" }, options.runs);
  log(`${total} tools: ${runs.length} runs measured`);
  await api.removeServer(BIG);
  return { generated, total, pageSize: options.pageSize, ...connectSamples, memory, filter, runs };
}

async function main(): Promise<number> {
  let options: CatalogBenchOptions | undefined;
  try {
    options = parseCatalogOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${CATALOG_USAGE}\n`);
    return 2;
  }
  if (!options) {
    process.stdout.write(`${CATALOG_USAGE}\n`);
    return 0;
  }
  if (!fs.existsSync(CHROMIUM_PATH)) {
    process.stderr.write(`No Chromium at ${CHROMIUM_PATH}: install Debian's (apt-get install chromium) or set CHROMIUM_PATH.\n`);
    return 1;
  }
  if (options.traceDir) fs.mkdirSync(options.traceDir, { recursive: true });

  let baseUrl = options.baseUrl;
  if (!baseUrl) {
    const launched = await launchToolscope(REPO_ROOT, log);
    if (!launched) {
      process.stderr.write(
        `There is no production build in ${path.join(REPO_ROOT, ".next")}.\n` +
          "Run `npm run build` (or `npm start` once) first, or pass --base-url http://127.0.0.1:3000 to use a running Toolscope.\n",
      );
      return 1;
    }
    onCleanup(launched.stop);
    await launched.ready;
    baseUrl = launched.baseUrl;
  }
  const api = new ToolscopeApi(baseUrl);
  await api.health();

  const browser = await launchChromium();
  onCleanup(() => browser.close());
  // One context for the whole run: Toolscope's scripts come from the browser cache after the
  // warm-up, as they would for someone who has Toolscope open; each load still gets a new page.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  onCleanup(() => api.removeServer(BIG));

  log("warm-up: a 0-generated-tool catalog and one Run");
  const fixed = await warmUp(api, context, options.pageSize);
  const sizes = [];
  for (const generated of options.sizes) {
    log(`catalog of ${generated} generated + ${fixed} fixed tools`);
    sizes.push(buildSizeReport(await measureSize(api, browser, context, generated, generated + fixed, options)));
  }
  const report = {
    setup: {
      toolscope: options.baseUrl ?? ".toolscope/server.mjs",
      chromium: browser.version(),
      loads: options.loads,
      runs: options.runs,
      node: process.version,
      cpus: os.cpus().length,
      ...(options.traceDir ? { traces: options.traceDir } : {}),
    },
    sizes,
  };
  process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : `\n${formatCatalogReport(report)}\n`);
  return 0;
}

await runBench("catalog-render", main);
