// Chromium side of bench/catalog-render: Debian's Chromium launched as the e2e tests launch it,
// and the four measurements, each on its own fresh page. Timestamps come from the page probe.
import { performance } from "node:perf_hooks";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../e2e/chromium";
import { installProbe, NAME_SHIM, type KeystrokeMark, type LoadMarks, type ProbeWindow, type RunMark } from "./page-probe";

export async function launchChromium(): Promise<Browser> {
  // Never a downloaded browser: the machine has no network, and the e2e tests use this one.
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    // Playwright's own handlers would close the browser and exit at once, leaving Toolscope
    // running; the bench's handler closes the browser as part of its cleanup instead.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

export type LoadSample = {
  /** page.goto called, in ms since the epoch. */
  gotoAt: number;
  fromGotoMs: number;
  fromNavigationMs: number;
  navigationStartMs: number;
  marks: LoadMarks;
};

export type Tracing = { browser: Browser; path: string };

/** A fresh page with the probe, waiting for the catalog count to read `expectedCount`. */
async function probedPage(context: BrowserContext, expectedCount: string): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript({ content: NAME_SHIM });
  await page.addInitScript(installProbe, expectedCount);
  return page;
}

/**
 * Opens `url` in a fresh page and times it until the count reads `expectedCount`, an item is
 * visible and that frame is painted. The page stays open for the caller, who closes it.
 */
export async function loadCatalog(
  context: BrowserContext,
  url: string,
  expectedCount: string,
  tracing?: Tracing,
): Promise<{ page: Page; sample: LoadSample }> {
  const page = await probedPage(context, expectedCount);
  if (tracing) await tracing.browser.startTracing(page, { path: tracing.path, screenshots: false });
  const gotoAt = performance.timeOrigin + performance.now();
  // "commit": the probe resolves when the catalog is painted, long after or before "load".
  await page.goto(url, { waitUntil: "commit" });
  const marks = await page.evaluate((timeoutMs) => (window as unknown as ProbeWindow).__toolscopeBench.loaded(timeoutMs), 60_000);
  if (tracing) await tracing.browser.stopTracing();
  if (typeof marks === "string") {
    const count = await page.getByTestId("catalog-count").textContent();
    await page.close();
    throw new Error(`${url}: ${marks} (count reads "${count}", expected "${expectedCount}")`);
  }
  // Both clocks count ms since the epoch, so the page's marks line up with the goto call.
  const navigationStartMs = marks.timeOrigin - gotoAt;
  return {
    page,
    sample: { gotoAt, fromGotoMs: navigationStartMs + marks.paintedAt, fromNavigationMs: marks.paintedAt, navigationStartMs, marks },
  };
}

export type MemorySample = { heapUsedMiB: number; heapTotalMiB: number; domElements: number; domNodes: number; listeners: number };

export async function measureMemory(page: Page): Promise<MemorySample> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // A full GC first, so the figure is what the page holds on to rather than garbage not yet collected.
    await cdp.send("HeapProfiler.collectGarbage");
    const heap = await cdp.send("Runtime.getHeapUsage");
    const counters = await cdp.send("Memory.getDOMCounters");
    const domElements = await page.evaluate(() => document.getElementsByTagName("*").length);
    const mib = (bytes: number): number => bytes / 1024 / 1024;
    return {
      heapUsedMiB: mib(heap.usedSize),
      heapTotalMiB: mib(heap.totalSize),
      domElements,
      domNodes: counters.nodes,
      listeners: counters.jsEventListeners,
    };
  } finally {
    await cdp.detach();
  }
}

export type FilterStep = { label: string; value: string };

/**
 * What a user types: a misspelt word key by key, Backspace key by key back to empty (the last
 * one brings the whole catalog back), a tool name pasted in one go, and the box cleared at once.
 */
export function filterSteps(typo: string, toolName: string): FilterStep[] {
  const steps: FilterStep[] = [];
  for (let i = 1; i <= typo.length; i++) steps.push({ label: `type "${typo.slice(0, i)}"`, value: typo.slice(0, i) });
  for (let i = typo.length - 1; i >= 0; i--) steps.push({ label: `Backspace → "${typo.slice(0, i)}"`, value: typo.slice(0, i) });
  steps.push({ label: `paste "${toolName}"`, value: toolName }, { label: 'clear → ""', value: "" });
  return steps;
}

export type KeystrokeSample = FilterStep & KeystrokeMark;

/** Each step on its own: the next one starts only once the list has been quiet for `quietMs`. */
export async function measureFilter(page: Page, steps: FilterStep[], quietMs = 300): Promise<KeystrokeSample[]> {
  const samples: KeystrokeSample[] = [];
  for (const step of steps) {
    const mark = await page.evaluate(([value, quiet]) => (window as unknown as ProbeWindow).__toolscopeBench.keystroke(value, quiet), [
      step.value,
      quietMs,
    ] as const);
    samples.push({ ...step, ...mark });
  }
  return samples;
}

export type RunSample = RunMark;

/** Opens a tool's page with the catalog loaded and clicks Run `runs` times, timing each result. */
export async function measureRuns(
  context: BrowserContext,
  url: string,
  expectedCount: string,
  fields: Record<string, string>,
  runs: number,
): Promise<RunSample[]> {
  const page = await probedPage(context, expectedCount);
  try {
    await page.goto(url, { waitUntil: "commit" });
    const loaded = await page.evaluate((timeoutMs) => (window as unknown as ProbeWindow).__toolscopeBench.loaded(timeoutMs), 60_000);
    if (typeof loaded === "string") throw new Error(`${url}: ${loaded}`);
    const panel = page.getByTestId("tool-panel");
    await panel.waitFor({ timeout: 30_000 });
    for (const [label, value] of Object.entries(fields)) {
      // RJSF appends "*" to the labels of required fields.
      await panel.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\*?$`)).fill(value);
    }
    const samples: RunSample[] = [];
    for (let i = 0; i < runs; i++) {
      const previous = await page.evaluate(() => document.querySelector("[data-testid=result-audit-id]")?.textContent ?? null);
      await page.evaluate(([auditId, timeoutMs]) => (window as unknown as ProbeWindow).__toolscopeBench.armRun(auditId, timeoutMs), [
        previous,
        15_000,
      ] as const);
      await page.getByTestId("run-button").click();
      samples.push(await page.evaluate(() => (window as unknown as ProbeWindow).__toolscopeBench.runResult()));
      // The button comes back once the response has settled; a user would not click sooner either.
      await page.getByTestId("run-button").waitFor({ state: "visible" });
    }
    return samples;
  } finally {
    await page.close();
  }
}
