// The part of bench/catalog-render that runs inside the page: it takes its timestamps with the
// page's own clock, so that neither Playwright's polling nor the CDP round trip is measured.
// installProbe is passed to page.addInitScript and so runs before any of Toolscope's scripts.

/** tsx (esbuild's keepNames) wraps inner functions in __name(), which the page lacks. */
export const NAME_SHIM = "globalThis.__name = globalThis.__name || ((fn) => fn);";

/** Times in ms since the page's navigation started (performance.now()). */
export type LoadMarks = {
  timeOrigin: number;
  /** The count reads "<total> tools" and a catalog item is visible. */
  renderedAt: number;
  /** The task right after the frame that painted it. */
  paintedAt: number;
  /** The paint after the first catalog item was visible (before the whole list, on a catalog that arrives page by page). */
  firstToolPaintedAt: number | null;
  documentResponseEnd: number | null;
  domContentLoaded: number | null;
  toolsFetch: { start: number; responseStart: number; responseEnd: number; bytes: number } | null;
  longTasks: { count: number; ms: number };
};

export type KeystrokeMark = {
  /** Input event dispatched → the paint after the last change to the count or the list. */
  ms: number;
  /** Input event → the paint after the first change (the input's own render, if it touched the list). */
  firstMs: number | null;
  count: string;
  changes: number;
  timedOut: boolean;
};

export type RunMark = { ms: number; shownMs: number; status: string; serverMs: number | null; timedOut: boolean };

export type Probe = {
  loaded: (timeoutMs: number) => Promise<LoadMarks | string>;
  keystroke: (value: string, quietMs: number) => Promise<KeystrokeMark>;
  armRun: (previousAuditId: string | null, timeoutMs: number) => void;
  runResult: () => Promise<RunMark>;
};

export type ProbeWindow = Window & { __toolscopeBench: Probe };

export function installProbe(expectedCount: string): void {
  const longTasks: { start: number; duration: number }[] = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // No Long Tasks API: the breakdown simply lacks that line.
  }
  // rAF callbacks run before the frame is painted; a message posted from one is handled after it.
  const afterPaint = (): Promise<number> =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      }),
    );
  const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  // Requests in flight, so that a keystroke is not taken as settled while the list may still be
  // waiting on the server (Next's router fetches an RSC payload when the URL changes).
  let inFlight = 0;
  const realFetch = window.fetch;
  window.fetch = (...args: Parameters<typeof fetch>): Promise<Response> => {
    inFlight++;
    return Reflect.apply(realFetch, window, args).finally(() => inFlight--);
  };
  const idle = (): Promise<void> => new Promise((resolve) => requestIdleCallback(() => resolve()));

  let loadMarks: LoadMarks | undefined;
  let firstToolPainted: Promise<number> | undefined;
  const loaded = new Promise<LoadMarks>((resolve) => {
    const anyItem = (): boolean => [...document.querySelectorAll("[data-testid=catalog-item]")].some((item) => item.checkVisibility());
    const rendered = (): boolean => document.querySelector("[data-testid=catalog-count]")?.textContent === expectedCount && anyItem();
    const observer = new MutationObserver(() => {
      if (!firstToolPainted && anyItem()) firstToolPainted = afterPaint();
      if (!rendered()) return;
      const renderedAt = performance.now();
      observer.disconnect();
      void Promise.all([afterPaint(), firstToolPainted]).then(([paintedAt, firstToolPaintedAt]) => {
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
        const fetch = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((entry) =>
          /\/api\/servers\/[^/]+\/tools$/.test(new URL(entry.name).pathname),
        );
        const before = longTasks.filter((task) => task.start < paintedAt);
        loadMarks = {
          timeOrigin: performance.timeOrigin,
          renderedAt,
          paintedAt,
          firstToolPaintedAt: firstToolPaintedAt ?? null,
          documentResponseEnd: navigation?.responseEnd ?? null,
          domContentLoaded: navigation?.domContentLoadedEventEnd ?? null,
          toolsFetch: fetch
            ? { start: fetch.startTime, responseStart: fetch.responseStart, responseEnd: fetch.responseEnd, bytes: fetch.encodedBodySize }
            : null,
          longTasks: { count: before.length, ms: before.reduce((sum, task) => sum + task.duration, 0) },
        };
        resolve(loadMarks);
      });
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true });
  });

  // Changes a reader of the list would see: not the box being typed in, the filter chips, the
  // "updated 5s ago" ticker, or the rows' hrefs (which follow the query without being visible).
  const visibleChange = (record: MutationRecord): boolean => {
    const element = record.target instanceof Element ? record.target : record.target.parentElement;
    if (!element) return false;
    if (element.closest("input, [role=group], [data-testid=catalog-updated]")) return false;
    return !(record.type === "attributes" && record.attributeName === "href");
  };

  let run: Promise<RunMark> | undefined;
  const probe: Probe = {
    loaded: (timeoutMs) =>
      loadMarks ? Promise.resolve(loadMarks) : Promise.race([loaded, sleep(timeoutMs).then(() => "the catalog did not render in time")]),

    async keystroke(value, quietMs) {
      const input = document.querySelector<HTMLInputElement>("[data-testid=catalog-filter]");
      if (!input) throw new Error("no [data-testid=catalog-filter]");
      const region = input.closest("aside") ?? document.body;
      const paints: Promise<number>[] = [];
      let lastChange = -1;
      const observer = new MutationObserver((records) => {
        if (!records.some(visibleChange)) return;
        lastChange = performance.now();
        paints.push(afterPaint());
      });
      observer.observe(region, { subtree: true, childList: true, characterData: true, attributes: true });
      input.focus();
      // React tracks the value it last rendered: the prototype's setter bypasses that tracker,
      // so the input event below reads as a change, as a real keystroke would.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
      const start = performance.now();
      input.dispatchEvent(new Event("input", { bubbles: true }));
      const nothingChanged = afterPaint();
      // Settled: quiet for quietMs with no request in flight, checked when the page is idle, so
      // that neither a render React is working through in slices nor a pending fetch passes for quiet.
      const deadline = start + 20_000;
      let timedOut = false;
      for (;;) {
        await Promise.race([idle(), sleep(1000)]);
        const now = performance.now();
        if (inFlight === 0 && now - Math.max(start, lastChange) >= quietMs) break;
        if (now > deadline) {
          timedOut = true;
          break;
        }
        await sleep(Math.min(50, quietMs));
      }
      observer.disconnect();
      const painted = await Promise.all(paints.length > 0 ? paints : [nothingChanged]);
      return {
        ms: painted[painted.length - 1]! - start,
        firstMs: paints.length > 0 ? painted[0]! - start : null,
        count: document.querySelector("[data-testid=catalog-count]")?.textContent ?? "",
        changes: paints.length,
        timedOut,
      };
    },

    armRun(previousAuditId, timeoutMs) {
      run = new Promise<RunMark>((resolve) => {
        let clickedAt: number | null = null;
        const onClick = (event: MouseEvent): void => {
          if (event.target instanceof Element && event.target.closest("[data-testid=run-button]")) clickedAt ??= event.timeStamp;
        };
        document.addEventListener("click", onClick, true);
        const finish = (mark: RunMark): void => {
          observer.disconnect();
          document.removeEventListener("click", onClick, true);
          resolve(mark);
        };
        const observer = new MutationObserver(() => {
          const panel = document.querySelector<HTMLElement>("[data-testid=result-panel]");
          const auditId = panel?.querySelector("[data-testid=result-audit-id]")?.textContent ?? null;
          if (clickedAt === null || !panel || auditId === null || auditId === previousAuditId || !panel.checkVisibility()) return;
          const started = clickedAt;
          const shownAt = performance.now();
          const serverMs = Number.parseFloat(panel.querySelector("[data-testid=result-duration]")?.textContent ?? "");
          void afterPaint().then((paintedAt) =>
            finish({
              ms: paintedAt - started,
              shownMs: shownAt - started,
              status: panel.dataset.status ?? "",
              serverMs: Number.isFinite(serverMs) ? serverMs : null,
              timedOut: false,
            }),
          );
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        void sleep(timeoutMs).then(() => finish({ ms: Number.NaN, shownMs: Number.NaN, status: "", serverMs: null, timedOut: true }));
      });
    },

    runResult() {
      if (!run) throw new Error("armRun was not called");
      return run;
    },
  };
  (window as unknown as ProbeWindow).__toolscopeBench = probe;
}
