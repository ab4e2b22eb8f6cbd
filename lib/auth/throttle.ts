import "server-only";
// Throttling of failed authentication (rate-limiter-flexible). Only failures are counted.
// - A password sign-in, per account and per client address. An account out of attempts is
//   refused with 429 and Retry-After before its password is checked. An address out of attempts
//   is not: everyone behind one reverse proxy or NAT shares it, so a correct password still goes
//   through and only a wrong one is answered 429. The per-account count is what stops guessing.
// - A bearer token, per client address, counting only guesses (a token Toolscope does not know,
//   not a revoked or expired one). Every bearer is still checked from an address out of attempts,
//   and one that verifies gets through (TOOLSCOPE_API_TOKEN included: it has no account whose
//   count could stand in, and refusing it unchecked let anyone at the operator's address lock
//   the operator out); a failure from there is answered 429 (lib/auth/identify.ts).
// A success clears the account's count. Counts are shared by every replica on PostgreSQL
// (lib/cluster/shared-limiter.ts); on SQLite they live in this process's memory, and a restart
// forgives. The client address is the proxy-aware one (lib/server/client-address.ts).
import { limiterKey, sharedLimiter } from "@/lib/cluster/shared-limiter";
import { AppError } from "@/lib/errors";

/** Failed sign-ins allowed per account, and per client address, in WINDOW_S. */
export const ACCOUNT_FAILURES = 5;
export const ADDRESS_FAILURES = 20;
/** Failed bearer authentications allowed per client address, in WINDOW_S. */
export const BEARER_FAILURES = 20;
const WINDOW_S = 15 * 60;

async function limiters() {
  const [account, address] = await Promise.all([
    sharedLimiter({ table: "rate_limit_sign_in_account", points: ACCOUNT_FAILURES, duration: WINDOW_S }),
    sharedLimiter({ table: "rate_limit_sign_in_address", points: ADDRESS_FAILURES, duration: WINDOW_S }),
  ]);
  return { account, address };
}

/** Bearer failures share the address table, under keys of their own. */
function bearerLimiter() {
  return sharedLimiter({ table: "rate_limit_sign_in_address", points: BEARER_FAILURES, duration: WINDOW_S });
}

export class ThrottledError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    what: "sign-in" | "token" = "sign-in",
  ) {
    super(
      what === "token" ? "too_many_requests:token" : "too_many_requests:sign_in",
      `Too many failed ${what === "token" ? "token" : "sign-in"} attempts from here. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
    );
    this.headers["retry-after"] = String(retryAfterSeconds);
  }
}

function keys(account: string, address: string | null): { account: string; address: string } {
  return { account: limiterKey(account.trim().toLowerCase()), address: limiterKey(address ?? "unknown") };
}

function waitSeconds(state: { consumedPoints: number; msBeforeNext: number } | null, points: number): number {
  return state && state.consumedPoints >= points ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
}

/**
 * Throws ThrottledError when the account has no attempts left. Otherwise answers how long the
 * address must wait (0: it may still fail): a sign-in from a spent address goes on, and only a
 * failure is turned into ThrottledError (see throttledFailure).
 */
export async function checkSignIn(account: string, address: string | null): Promise<{ addressWaitSeconds: number }> {
  const k = keys(account, address);
  const { account: byAccountLimiter, address: byAddressLimiter } = await limiters();
  const [byAccount, byAddress] = await Promise.all([byAccountLimiter.get(k.account), byAddressLimiter.get(k.address)]);
  const accountWait = waitSeconds(byAccount, ACCOUNT_FAILURES);
  if (accountWait > 0) throw new ThrottledError(accountWait);
  return { addressWaitSeconds: waitSeconds(byAddress, ADDRESS_FAILURES) };
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

const bearerKey = (address: string | null): string => limiterKey(`bearer:${address ?? "unknown"}`);

/** The refusal for an address that has spent its failed bearer authentications; undefined while it has some left. */
export async function bearerThrottled(address: string | null): Promise<ThrottledError | undefined> {
  const wait = waitSeconds(await (await bearerLimiter()).get(bearerKey(address)), BEARER_FAILURES);
  return wait > 0 ? new ThrottledError(wait, "token") : undefined;
}

export async function bearerFailed(address: string | null): Promise<void> {
  await (await bearerLimiter()).consume(bearerKey(address)).catch(() => undefined);
}
