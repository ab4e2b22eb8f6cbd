// When a connection last worked and since when it has been failing, for a failed server's page:
// "failing since" is the first failure of a run of them, not the latest retry's.
import type { ServerStatus } from "../domain/mcp-types";

export type StatusTimesView = {
  /** When the current run of failures began; null unless the server is failing. */
  failedAt: string | null;
  /** When the server last connected (and listed its tools). */
  lastConnectedAt: string | null;
  /** When the next attempt starts by itself, while failing. */
  retryAt: string | null;
};

const iso = (ms: number | undefined): string | null => (ms === undefined ? null : new Date(ms).toISOString());

export class StatusTimes {
  private failedAt: number | undefined;
  private lastConnectedAt: number | undefined;

  record(status: ServerStatus, now = Date.now()): void {
    if (status === "ready") {
      this.lastConnectedAt = now;
      this.failedAt = undefined;
    } else if (status === "failed") this.failedAt ??= now;
    else if (status === "unauthorized" || status === "closed") this.failedAt = undefined;
  }

  /** `retryAt`: when the next attempt is due, or undefined (none is scheduled). */
  view(status: ServerStatus, retryAt: number | undefined): StatusTimesView {
    const failing = status === "failed" || (status === "connecting" && this.failedAt !== undefined);
    return {
      failedAt: failing ? iso(this.failedAt) : null,
      lastConnectedAt: iso(this.lastConnectedAt),
      retryAt: status === "failed" ? iso(retryAt) : null,
    };
  }
}
