import "server-only";
// Sign-in throttling, per account and per address (rate-limiter-flexible): failed attempts are
// counted, and once either count is spent the next attempt is refused with 429 and Retry-After
// before a password is even checked. A success clears the account's count. Counts are shared by
// every replica on PostgreSQL (lib/cluster/shared-limiter.ts); on SQLite they live in this
// process's memory, and a restart forgives.
import { limiterKey, sharedLimiter } from "@/lib/cluster/shared-limiter";
import { AppError } from "@/lib/errors";

/** Failed sign-ins allowed per account, and per client address, in WINDOW_S. */
export const ACCOUNT_FAILURES = 5;
export const ADDRESS_FAILURES = 20;
const WINDOW_S = 15 * 60;

async function limiters() {
  const [account, address] = await Promise.all([
    sharedLimiter({ table: "rate_limit_sign_in_account", points: ACCOUNT_FAILURES, duration: WINDOW_S }),
    sharedLimiter({ table: "rate_limit_sign_in_address", points: ADDRESS_FAILURES, duration: WINDOW_S }),
  ]);
  return { account, address };
}

export class ThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("too_many_requests:sign_in", `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`);
    this.headers["retry-after"] = String(retryAfterSeconds);
  }
}

function keys(account: string, address: string | null): { account: string; address: string } {
  return { account: limiterKey(account.trim().toLowerCase()), address: limiterKey(address ?? "unknown") };
}

/** Throws ThrottledError when the account or the address has no attempts left. */
export async function checkSignIn(account: string, address: string | null): Promise<void> {
  const k = keys(account, address);
  const { account: byAccountLimiter, address: byAddressLimiter } = await limiters();
  const [byAccount, byAddress] = await Promise.all([byAccountLimiter.get(k.account), byAddressLimiter.get(k.address)]);
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
  const { account: byAccount, address: byAddress } = await limiters();
  await Promise.allSettled([byAccount.consume(k.account), byAddress.consume(k.address)]);
}

export async function signInSucceeded(account: string): Promise<void> {
  await (await limiters()).account.delete(keys(account, null).account);
}
