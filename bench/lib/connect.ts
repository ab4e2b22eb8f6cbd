// connect→rendered, taken three ways in each round so that the browser's share can be told
// from the server's own start: the SDK client alone (the floor), Toolscope's HTTP API alone,
// and Toolscope in Chromium. Each one starts a new demo server process.
import { performance } from "node:perf_hooks";
import type { BrowserContext, Page } from "@playwright/test";
import { loadCatalog, type LoadSample, type Tracing } from "./browser";
import { directListAll, type DirectListing, type StdioEntry } from "./direct-stdio";
import type { ToolscopeApi } from "./toolscope";

/**
 * fromRegisterMs: from the POST that added the server (and started Toolscope's connection) to the
 * paint of the whole list; firstToolFromRegisterMs: to the paint of its first tool.
 */
export type ColdLoad = LoadSample & { registerMs: number; fromRegisterMs: number; firstToolFromRegisterMs: number };

/** POST /api/servers → GET …/tools answered, from Node: Toolscope's server without the browser. */
export type ApiListing = { ms: number; tools: number };

export type ConnectSamples = { direct: DirectListing[]; api: ApiListing[]; cold: ColdLoad[]; warm: LoadSample[] };

export type ConnectSetup = {
  api: ToolscopeApi;
  context: BrowserContext;
  serverId: string;
  entry: StdioEntry;
  expectedCount: string;
  loads: number;
  /** Traces the first cold load. */
  tracing?: Tracing;
  log: (line: string) => void;
};

const epochNow = (): number => performance.timeOrigin + performance.now();

/** Removing and adding again gives a fresh connection: a new demo server process, listed anew. */
async function readd(setup: ConnectSetup): Promise<{ registerAt: number; registerMs: number }> {
  await setup.api.removeServer(setup.serverId);
  const registerAt = epochNow();
  await setup.api.addServer(setup.serverId, setup.entry);
  return { registerAt, registerMs: epochNow() - registerAt };
}

/**
 * `loads` rounds of floor, API and browser, so that a drift in the shared machine's load lands
 * on all three. Returns the page of the last warm load still open, for the measurements that
 * need the catalog loaded.
 */
export async function measureConnects(setup: ConnectSetup): Promise<ConnectSamples & { page: Page }> {
  const samples: ConnectSamples = { direct: [], api: [], cold: [], warm: [] };
  const url = `${setup.api.baseUrl}/servers/${encodeURIComponent(setup.serverId)}`;
  let kept: Page | undefined;
  for (let i = 0; i < setup.loads; i++) {
    const floor = async (): Promise<void> => void samples.direct.push(await directListAll(setup.entry));
    const viaApi = async (): Promise<void> => {
      const { registerAt } = await readd(setup);
      const tools = await setup.api.toolCount(setup.serverId);
      samples.api.push({ ms: epochNow() - registerAt, tools });
    };
    const inBrowser = async (): Promise<void> => {
      const { registerAt, registerMs } = await readd(setup);
      const cold = await loadCatalog(setup.context, url, setup.expectedCount, i === 0 ? setup.tracing : undefined);
      const sinceRegister = cold.sample.gotoAt - registerAt + cold.sample.navigationStartMs;
      samples.cold.push({
        ...cold.sample,
        registerMs,
        fromRegisterMs: sinceRegister + cold.sample.marks.paintedAt,
        firstToolFromRegisterMs: sinceRegister + (cold.sample.marks.firstToolPaintedAt ?? cold.sample.marks.paintedAt),
      });
      await cold.page.close();
      // The same URL again: Toolscope's connection is up, and the browser has just seen the page.
      const warm = await loadCatalog(setup.context, url, setup.expectedCount);
      samples.warm.push(warm.sample);
      if (i === setup.loads - 1) kept = warm.page;
      else await warm.page.close();
    };
    // The browser goes last: re-adding the server for another step would change what its kept
    // page shows. The other two swap places every round.
    for (const step of i % 2 === 0 ? [floor, viaApi, inBrowser] : [viaApi, floor, inBrowser]) await step();
    const last = <T>(list: T[]): T => list[list.length - 1]!;
    setup.log(
      `${setup.expectedCount}, round ${i + 1}/${setup.loads}: SDK spawn→listed ${last(samples.direct).ms.toFixed(0)} ms, ` +
        `API POST→listed ${last(samples.api).ms.toFixed(0)} ms, browser goto→painted cold ${last(samples.cold).fromGotoMs.toFixed(0)} ms ` +
        `/ warm ${last(samples.warm).fromGotoMs.toFixed(0)} ms`,
    );
  }
  if (!kept) throw new Error("no page was loaded");
  return { ...samples, page: kept };
}
