import "server-only";
// The agent's side of a waiting call: the replica holding the agent's request waits until the row
// is decided. A decision made here wakes it at once; one made on another replica wakes it through
// the cluster bus ("approval-decided"); and the row is read again every few seconds anyway, so a
// lost message costs a moment, never the call. At the deadline, or when the agent goes away, this
// side settles the row itself (expired, cancelled): if a person got there first, theirs stands.
import { processWide } from "@/lib/process-wide";
import { approvalRow, settleApproval, type ApprovalRow } from "./approval-store";

const POLL_MS = 2_000;
/** How often a waiting agent is told it still waits (a progress notification, when it asked for progress). */
export const TICK_MS = 5_000;

const wakers = processWide("approval-wakers", () => new Map<string, Set<() => void>>());

/** A decision was made on the row: whoever waits on it here reads it now. */
export function wakeApproval(id: string): void {
  for (const wake of wakers.get(id) ?? []) wake();
}

export type WaitOptions = {
  signal: AbortSignal;
  /** Called every TICK_MS while the call waits, with the seconds waited so far. */
  onTick?: (waitedSeconds: number) => void;
};

/** Resolves with the settled row: decided by a person, expired, or cancelled because the agent went away. */
export async function awaitDecision(row: ApprovalRow, options: WaitOptions): Promise<ApprovalRow> {
  const started = Date.now();
  const deadline = Date.parse(row.expires_at);
  let current = row;
  let lastTick = started;
  const own = new Set<() => void>();
  try {
    while (current.status === "waiting") {
      if (options.signal.aborted) {
        await settleApproval(row.id, { status: "cancelled", decidedBy: null, decidedById: null });
      } else if (Date.now() >= deadline) {
        await settleApproval(row.id, { status: "expired", decidedBy: null, decidedById: null });
      } else {
        await sleepUntilWoken(row.id, Math.min(POLL_MS, deadline - Date.now()), options.signal, own);
        if (options.onTick && Date.now() - lastTick >= TICK_MS) {
          lastTick = Date.now();
          options.onTick(Math.round((lastTick - started) / 1000));
        }
      }
      current = (await approvalRow(row.id)) ?? { ...current, status: "cancelled" };
    }
    return current;
  } finally {
    const set = wakers.get(row.id);
    for (const wake of own) set?.delete(wake);
    if (set?.size === 0) wakers.delete(row.id);
  }
}

function sleepUntilWoken(id: string, ms: number, signal: AbortSignal, own: Set<() => void>): Promise<void> {
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined = undefined;
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      wakers.get(id)?.delete(done);
      own.delete(done);
      resolve();
    };
    timer = setTimeout(done, Math.max(0, ms));
    signal.addEventListener("abort", done, { once: true });
    const set = wakers.get(id) ?? new Set();
    set.add(done);
    own.add(done);
    wakers.set(id, set);
  });
}
