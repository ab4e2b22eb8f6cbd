// Ports for the servers a browser test starts of its own. Playwright runs two workers at once,
// each with its own Toolscope (playwright.config.ts); a spec's base port is unique among the
// specs, and worker n adds 100·n, so two specs (or one spec in two workers) never meet on a port.
// A Toolscope's sandbox listens 1,000 above its own port, which these ranges leave free too.

/** The worker's slot (0 or 1), the same for a worker that replaces a failed one. */
export function parallelSlot(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}

/** The port `envName` names, or `base` moved into this worker's range. */
export function e2ePort(envName: string, base: number): number {
  const fromEnv = Number(process.env[envName]);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : base + 100 * parallelSlot();
}
