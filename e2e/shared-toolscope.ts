// The Toolscope each Playwright worker shares among its tests: playwright.config.ts starts one per
// worker, each with its own data directory; e2e/test.ts gives each worker's tests its address.
import { parallelSlot } from "./ports";

/** Two workers on CI's two cores: most of a browser test is waiting on a server or a page. */
export const WORKERS = Number(process.env.TOOLSCOPE_E2E_WORKERS ?? 2);

export function sharedToolscopePort(slot: number): number {
  return Number(process.env.TOOLSCOPE_E2E_PORT ?? 3100) + slot;
}

/** This worker's Toolscope. */
export function sharedToolscopeUrl(): string {
  return `http://127.0.0.1:${sharedToolscopePort(parallelSlot())}`;
}
