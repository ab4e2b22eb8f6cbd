// Rate limits shared by replicas: on PostgreSQL (127.0.0.1:5432, a schema of its own) the
// counts live in migration 0014's tables, where another process's limiter finds them.
import pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_URL, appOnPostgres } from "@/test/app-on-postgres";

const { schema } = appOnPostgres("toolscope_limits");
let otherPool: pg.Pool;

beforeAll(() => {
  otherPool = new pg.Pool({ connectionString: POSTGRES_URL, options: `-c search_path=${schema}` });
});

afterAll(async () => {
  await otherPool.end();
});

describe("sharedLimiter on PostgreSQL", () => {
  it("counts in the database, under a hashed key, where another replica's limiter counts too", async () => {
    const { limiterKey, sharedLimiter } = await import("./shared-limiter");
    const here = await sharedLimiter({ table: "rate_limit_calls", points: 3, duration: 60 });
    expect(here).toBeInstanceOf(RateLimiterPostgres);
    const key = limiterKey("ana@example.com");
    await here.consume(key);
    await here.consume(key);
    // Another process: its own pool, the same table and settings.
    const there = new RateLimiterPostgres({
      storeClient: otherPool,
      tableName: "rate_limit_calls",
      tableCreated: true,
      keyPrefix: "rate_limit_calls",
      points: 3,
      duration: 60,
    });
    await there.consume(key);
    const refused = await here.consume(key).catch((rejection: unknown) => rejection);
    expect(refused).toBeInstanceOf(RateLimiterRes);
    expect((refused as RateLimiterRes).msBeforeNext).toBeGreaterThan(0);
    const { rows } = await otherPool.query<{ key: string; points: number }>("select key, points from rate_limit_calls");
    expect(rows).toEqual([{ key: `rate_limit_calls:${key}`, points: 4 }]);
    expect(JSON.stringify(rows)).not.toContain("ana@example.com");
  });
});
