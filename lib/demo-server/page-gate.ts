// The demo's gate on tools/list pages (TOOLSCOPE_DEMO_PAGE_GATE=<file>): each page after the first
// waits until the file exists, so that a test sees a listing half done for as long as it looks, then
// opens the gate by writing the file.
import fs from "node:fs";

/** A page waits at most this long for the gate: no request may outlast a client's timeout (Toolscope's is 20 s). */
export const GATE_LONGEST_MS = 5_000;

/** Resolves once `file` exists (checked every 50 ms), or after GATE_LONGEST_MS; undefined without a file. */
export function gateOn(file: string | undefined): (() => Promise<void>) | undefined {
  if (!file) return undefined;
  return () =>
    new Promise((resolve) => {
      const until = Date.now() + GATE_LONGEST_MS;
      const check = (): void => void (fs.existsSync(file) || Date.now() >= until ? resolve() : setTimeout(check, 50));
      check();
    });
}
