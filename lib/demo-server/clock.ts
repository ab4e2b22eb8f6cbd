// The demo's changing resource: the server clock moves on every few seconds and says so to
// whoever watches it (notifications/resources/updated). Its reading is the same for a whole
// tick, so a read after an update differs from the one before it by exactly that tick.
export const CLOCK_URI = "demo://clock/now";
const DEFAULT_TICK_MS = 3_000;

/** How often the clock moves: 3 s, or TOOLSCOPE_DEMO_CLOCK_MS (100 or more) where a test would rather not wait. */
export function clockTickMs(): number {
  const set = Number(process.env.TOOLSCOPE_DEMO_CLOCK_MS);
  return Number.isInteger(set) && set >= 100 ? set : DEFAULT_TICK_MS;
}

const listeners = new Set<() => void>();
let timer: NodeJS.Timeout | undefined;

/** The clock as a read answers it: the tick's time and number. */
export function clockReading(now = Date.now()): string {
  const tickMs = clockTickMs();
  const tick = Math.floor(now / tickMs);
  return JSON.stringify({ time: new Date(tick * tickMs).toISOString(), tick }, null, 2);
}

// A few milliseconds past the boundary: a timer that fires a hair early still reads the new tick.
const untilNextTick = (): number => clockTickMs() - (Date.now() % clockTickMs()) + 5;

/** Calls `listener` on every tick until the returned function is called; the clock runs only while someone listens. */
export function onClockTick(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    const wait = untilNextTick();
    // The first tick on the boundary, then one every tick: a read right after hears the new reading.
    timer = setTimeout(function tick() {
      for (const each of [...listeners]) each();
      timer = listeners.size ? setTimeout(tick, untilNextTick()) : undefined;
      timer?.unref();
    }, wait);
    timer.unref();
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearTimeout(timer);
      timer = undefined;
    }
  };
}
