import "server-only";
// A rate limiter whose counts every Toolscope process on the database shares: on PostgreSQL,
// rate-limiter-flexible's store in the tables of migration 0014; on SQLite (one process), this
// process's memory. One limiter per table and settings, per process. Keys are hashed: the
// tables hold no email address or client address, and no key outgrows its column.
import crypto from "node:crypto";
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from "rate-limiter-flexible";
import { database } from "@/lib/db";
import { postgresPool } from "@/lib/db/connect";
import type { RATE_LIMIT_TABLES } from "@/lib/db/migrations/0014-rate-limits";
import { processWide } from "@/lib/process-wide";

export type LimiterSettings = { table: (typeof RATE_LIMIT_TABLES)[number]; points: number; duration: number };

const limiters = processWide("shared-limiters", () => new Map<string, Promise<RateLimiterAbstract>>());

export function sharedLimiter({ table, points, duration }: LimiterSettings): Promise<RateLimiterAbstract> {
  const id = `${table}:${points}:${duration}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = database().then((db) => {
      const pool = postgresPool(db);
      const options = { keyPrefix: table, points, duration };
      return pool
        ? new RateLimiterPostgres({ ...options, storeClient: pool, tableName: table, tableCreated: true })
        : new RateLimiterMemory(options);
    });
    limiters.set(id, limiter);
  }
  return limiter;
}

/** What a limiter counts under: a person, an account, an address. */
export function limiterKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}
