// When a connection that failed tries again: after 1, 2, 5, 10, then every 30 seconds, counted
// from its last failure; a success starts the count again. A person's Retry, a completed
// authorization or a restart skip the wait.
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** How long to wait before the next attempt, after this many failures in a row. */
export function backoffMs(failures: number): number {
  return BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
}

export class ReconnectPolicy {
  private failures = 0;
  private nextAttemptAt = 0;
  private timer: NodeJS.Timeout | undefined;

  /** `retry`: what to run when the wait is over. */
  constructor(private readonly retry: () => void) {}

  /** A failed attempt: the next one is scheduled after the backoff. */
  failed(): void {
    const delay = backoffMs(this.failures);
    this.failures++;
    this.nextAttemptAt = Date.now() + delay;
    clearTimeout(this.timer);
    // The wait is over when the timer fires, whatever Date.now() says: a timer counts from the
    // event loop's cached time, which lags the wall clock after a long tick, so it can fire before
    // nextAttemptAt, and an attempt refused as "still waiting" then would leave none scheduled.
    this.timer = setTimeout(() => {
      this.nextAttemptAt = 0;
      this.retry();
    }, delay);
    this.timer.unref();
  }

  succeeded(): void {
    this.failures = 0;
  }

  /** The next attempt may start now, counting from no failures (a new authorization, a restart). */
  reset(): void {
    this.failures = 0;
    this.nextAttemptAt = 0;
  }

  /** Someone asked to connect now: no wait, the failures still counted. */
  skipWait(): void {
    this.nextAttemptAt = 0;
  }

  /** No attempt is scheduled any more (the connection waits for authorization, or closes). */
  cancel(): void {
    clearTimeout(this.timer);
  }

  /** Whether the wait before the next attempt is still running. */
  waiting(): boolean {
    return Date.now() < this.nextAttemptAt;
  }

  /** When the next attempt is due (ms), if one is. */
  nextAttempt(): number | undefined {
    return this.nextAttemptAt || undefined;
  }
}
