import "server-only";
// Toolscope's configuration, read from the environment once and validated, so a typo
// fails loudly at start-up instead of somewhere in a request.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_MAX_RESULT_BYTES } from "@/lib/audit/store";

const boolish = z.enum(["1", "0", "true", "false", "on", "off", "yes", "no"]).transform((v) => ["1", "true", "on", "yes"].includes(v));

const EnvSchema = z.object({
  TOOLSCOPE_DATA_DIR: z.string().min(1).default("data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  TOOLSCOPE_DEMO_SERVER: boolish.default(true),
  TOOLSCOPE_DEMO_TOOLS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  TOOLSCOPE_CONFIG: z.string().min(1).optional(),
  TOOLSCOPE_HOST: z.string().min(1).default("127.0.0.1"),
  TOOLSCOPE_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  TOOLSCOPE_ALLOWED_HOSTS: z.string().optional(),
  TOOLSCOPE_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  TOOLSCOPE_AUDIT_MAX_RESULT_BYTES: z.coerce.number().int().min(0).max(1_073_741_824).default(DEFAULT_MAX_RESULT_BYTES),
  TOOLSCOPE_AUDIT_RETENTION_DAYS: z.coerce.number().positive().max(36_500).optional(),
  TOOLSCOPE_AUDIT_REDACT_KEYS: z
    .string()
    .optional()
    .refine((v) => {
      if (!v) return true;
      try {
        new RegExp(v, "i");
        return true;
      } catch {
        return false;
      }
    }, "TOOLSCOPE_AUDIT_REDACT_KEYS must be a valid regular expression"),
});

export type AppConfig = {
  dataDir: string;
  databaseUrl: string | undefined;
  demoServer: boolean;
  demoTools: number;
  callTimeoutMs: number;
  /** Where the front door listens, and the extra Host names it answers to. */
  listen: { host: string; port: number; allowedHosts: string | undefined };
  audit: { maxResultBytes: number; retentionDays: number | undefined; redactKeys: RegExp | undefined };
  /** An mcp.json file of servers; defaults to ./mcp.json when that exists. */
  configFile: string | undefined;
};

let cached: AppConfig | undefined;

export function appConfig(): AppConfig {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Toolscope's configuration is invalid:\n${problems}`);
  }
  const env = parsed.data;
  cached = {
    dataDir: path.resolve(env.TOOLSCOPE_DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    demoServer: env.TOOLSCOPE_DEMO_SERVER,
    demoTools: env.TOOLSCOPE_DEMO_TOOLS,
    callTimeoutMs: env.TOOLSCOPE_CALL_TIMEOUT_MS,
    listen: { host: env.TOOLSCOPE_HOST, port: env.TOOLSCOPE_PORT ?? env.PORT ?? 3000, allowedHosts: env.TOOLSCOPE_ALLOWED_HOSTS },
    audit: {
      maxResultBytes: env.TOOLSCOPE_AUDIT_MAX_RESULT_BYTES,
      retentionDays: env.TOOLSCOPE_AUDIT_RETENTION_DAYS,
      redactKeys: env.TOOLSCOPE_AUDIT_REDACT_KEYS ? new RegExp(env.TOOLSCOPE_AUDIT_REDACT_KEYS, "i") : undefined,
    },
    configFile: env.TOOLSCOPE_CONFIG
      ? path.resolve(env.TOOLSCOPE_CONFIG)
      : fs.existsSync("mcp.json")
        ? path.resolve("mcp.json")
        : undefined,
  };
  return cached;
}
