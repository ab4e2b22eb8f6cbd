import "server-only";
// Sign-in throttling, per account and per address (rate-limiter-flexible): failed attempts are
// counted, and once either count is spent the next attempt is refused with 429 and Retry-After
// before a password is even checked. A success clears the account's count. Counts live in this
// process's memory: a restart forgives, and several replicas each count their own (issue 19
// moves shared state to PostgreSQL).
import { RateLimiterMemory } from "rate-limiter-flexible";
import { AppError } from "@/lib/errors";
import { processWide } from "@/lib/process-wide";

/** Failed sign-ins allowed per account, and per client address, in WINDOW_S. */
export const ACCOUNT_FAILURES = 5;
export const ADDRESS_FAILURES = 20;
const WINDOW_S = 15 * 60;

const limiters = processWide("sign-in-throttle", () => ({
  account: new RateLimiterMemory({ keyPrefix: "account", points: ACCOUNT_FAILURES, duration: WINDOW_S }),
  address: new RateLimiterMemory({ keyPrefix: "address", points: ADDRESS_FAILURES, duration: WINDOW_S }),
}));

export class ThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("too_many_requests:sign_in", `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`);
    this.headers["retry-after"] = String(retryAfterSeconds);
  }
}

function keys(account: string, address: string | null): { account: string; address: string } {
  return { account: account.trim().toLowerCase(), address: address ?? "unknown" };
}

/** Throws ThrottledError when the account or the address has no attempts left. */
export async function checkSignIn(account: string, address: string | null): Promise<void> {
  const k = keys(account, address);
  const [byAccount, byAddress] = await Promise.all([limiters.account.get(k.account), limiters.address.get(k.address)]);
  const spent = [
    byAccount && byAccount.consumedPoints >= ACCOUNT_FAILURES ? byAccount.msBeforeNext : 0,
    byAddress && byAddress.consumedPoints >= ADDRESS_FAILURES ? byAddress.msBeforeNext : 0,
  ];
  const waitMs = Math.max(...spent);
  if (waitMs > 0) throw new ThrottledError(Math.max(1, Math.ceil(waitMs / 1000)));
}

export async function signInFailed(account: string, address: string | null): Promise<void> {
  const k = keys(account, address);
  // consume() rejects once the points are spent; the count is what matters here.
  await Promise.allSettled([limiters.account.consume(k.account), limiters.address.consume(k.address)]);
}

export async function signInSucceeded(account: string): Promise<void> {
  await limiters.account.delete(keys(account, null).account);
}
