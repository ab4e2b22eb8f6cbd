// What a bench started is stopped on the way out, whether the run ends, fails or is
// interrupted (SIGINT/SIGTERM): undo steps run once, in reverse order.
export const log = (line: string): void => void process.stderr.write(`[bench] ${line}\n`);

const cleanups: (() => Promise<unknown>)[] = [];
let cleaning: Promise<void> | undefined;
let interrupted = false;

export function onCleanup(undo: () => Promise<unknown>): void {
  cleanups.push(undo);
}

export function cleanUp(): Promise<void> {
  // One pass only: an interrupt and the failing calls it causes both end up here.
  cleaning ??= (async () => {
    for (const undo of cleanups.splice(0).reverse()) await undo().catch((error: unknown) => log(`cleanup failed: ${String(error)}`));
  })();
  return cleaning;
}

export function wasInterrupted(): boolean {
  return interrupted;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    log(`${signal}: stopping what the bench started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/**
 * Runs a bench's main and exits: its code, 1 if it threw, 130 if interrupted; what it started
 * is stopped first. (Exiting explicitly: idle keep-alive sockets would hold the process open.)
 */
export async function runBench(name: string, main: () => Promise<number>): Promise<never> {
  let exitCode = 1;
  try {
    exitCode = await main();
  } catch (error) {
    // After an interrupt, calls fail because their servers were stopped: not worth reporting.
    if (!interrupted)
      process.stderr.write(`bench/${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  } finally {
    await cleanUp();
  }
  process.exit(interrupted ? 130 : exitCode);
}

/** The value after `--flag` on the command line, or undefined; undefined for every flag when --help is asked. */
export function flagReader(argv: string[]): ((flag: string) => string | undefined) | undefined {
  if (argv.includes("--help")) return undefined;
  return (flag) => {
    const i = argv.indexOf(flag);
    return i === -1 ? undefined : argv[i + 1];
  };
}

/** An integer flag value, or the fallback when absent; throws a clear message otherwise. */
export function positiveInt(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}
