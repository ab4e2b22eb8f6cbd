import "server-only";
// Limits on calls when Toolscope is hosted: calls per person per minute, and calls running at
// once per person and per server, answered with 429 and Retry-After before anything is
// recorded or sent. Calls per minute are counted by every replica together (PostgreSQL, through
// lib/cluster/shared-limiter.ts); calls at once, each replica for itself. On a developer's own
// machine there is one person and no limit.
import { RateLimiterRes } from "rate-limiter-flexible";
import { limiterKey, sharedLimiter } from "@/lib/cluster/shared-limiter";
import { appConfig } from "@/lib/config/env";
import { isHosted } from "@/lib/auth/hosting";
import { AppError } from "@/lib/errors";
import type { Caller } from "@/lib/domain/mcp-types";
import { processWide } from "@/lib/process-wide";

const state = processWide("call-limits", () => ({
  running: { person: new Map<string, number>(), server: new Map<string, number>() },
}));

/** Who a limit counts: a person (by id, whatever token or session they use), else the actor. */
function personKey(caller: Caller): string {
  return caller.userId ?? caller.actor;
}

function tooMany(code: "too_many_requests:calls" | "too_many_requests:concurrent", message: string, retryAfterSeconds: number): AppError {
  const error = new AppError(code, message);
  error.headers["retry-after"] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  return error;
}

function increment(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
}

/**
 * Takes a place for a call, or throws 429. The returned function gives it back when the call
 * ends (call it exactly once).
 */
export async function admitCall(caller: Caller, serverId: string): Promise<() => void> {
  if (!(await isHosted())) return () => undefined;
  const { callsPerMinute, concurrentPerPerson, concurrentPerServer } = appConfig().limits;
  const person = personKey(caller);
  const running = state.running;
  if (concurrentPerPerson > 0 && (running.person.get(person) ?? 0) >= concurrentPerPerson)
    throw tooMany("too_many_requests:concurrent", `You already have ${concurrentPerPerson} calls running; wait for one to finish.`, 1);
  if (concurrentPerServer > 0 && (running.server.get(serverId) ?? 0) >= concurrentPerServer)
    throw tooMany(
      "too_many_requests:concurrent",
      `${concurrentPerServer} calls to this server are already running; try again in a moment.`,
      1,
    );
  // The places are taken before the await below, so calls arriving together cannot all pass the check.
  increment(running.person, person, 1);
  increment(running.server, serverId, 1);
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    increment(running.person, person, -1);
    increment(running.server, serverId, -1);
  };
  if (callsPerMinute > 0) {
    try {
      const limiter = await sharedLimiter({ table: "rate_limit_calls", points: callsPerMinute, duration: 60 });
      await limiter.consume(limiterKey(person));
    } catch (rejection) {
      release();
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw tooMany(
        "too_many_requests:calls",
        `You made ${callsPerMinute} calls in the last minute, this Toolscope's limit; try again in ${Math.ceil(rejection.msBeforeNext / 1000)} s.`,
        rejection.msBeforeNext / 1000,
      );
    }
  }
  return release;
}
