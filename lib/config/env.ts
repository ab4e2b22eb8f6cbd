import "server-only";
// Toolscope's configuration, read from the environment once and validated, so a typo
// fails loudly at start-up instead of somewhere in a request.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isRole, ROLES, type Role } from "@/lib/domain/roles";
import { allowEntryProblem } from "@/lib/net/outbound-policy";
import { processWide } from "@/lib/process-wide";
import proxyaddr from "proxy-addr";

function proxyListProblem(entries: string[]): string | undefined {
  try {
    proxyaddr.compile(entries);
    return undefined;
  } catch (error) {
    return `TOOLSCOPE_TRUSTED_PROXIES: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const boolish = z.enum(["1", "0", "true", "false", "on", "off", "yes", "no"]).transform((v) => ["1", "true", "on", "yes"].includes(v));

/** How much of a call's result the audit log keeps, unless TOOLSCOPE_AUDIT_MAX_RESULT_BYTES says otherwise. */
export const DEFAULT_MAX_RESULT_BYTES = 256 * 1024;

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
  /** MCP Apps run on a second origin: this port (by default the main port + 1000), on the same host. */
  TOOLSCOPE_SANDBOX_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** The sandbox's public origin when a reverse proxy serves it (a second host name), e.g. https://apps.toolscope.example.com. */
  TOOLSCOPE_SANDBOX_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .refine((value) => new URL(value).pathname === "/" && !new URL(value).search, "TOOLSCOPE_SANDBOX_ORIGIN must be an origin (no path)")
    .optional(),
  TOOLSCOPE_ALLOWED_HOSTS: z.string().optional(),
  TOOLSCOPE_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** This process's name among replicas (the X-Toolscope-Replica header, /metrics); by default its instance id. */
  TOOLSCOPE_REPLICA_NAME: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/, "TOOLSCOPE_REPLICA_NAME: letters, digits, '.', '_' and '-', at most 63")
    .optional(),
  /** On SIGTERM, how long calls in flight may run on before they are interrupted. */
  TOOLSCOPE_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(25_000),
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
  TOOLSCOPE_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The bootstrap admin's token (lib/auth/bootstrap-token.ts reads it): long enough that guessing it is hopeless. */
  TOOLSCOPE_API_TOKEN: z
    .string()
    .refine((v) => v === "" || v.trim().length >= 16, "TOOLSCOPE_API_TOKEN must be at least 16 characters (e.g. openssl rand -hex 24)")
    .optional(),
  /** Reverse proxies whose forwarded client address is believed: addresses, CIDR ranges, loopback/linklocal/uniquelocal. */
  TOOLSCOPE_TRUSTED_PROXIES: z
    .string()
    .optional()
    .superRefine((v, context) => {
      const problem = proxyListProblem(list(v));
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  TOOLSCOPE_CLIENT_IP_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, "TOOLSCOPE_CLIENT_IP_HEADER must be a header name, e.g. x-forwarded-for or x-real-ip")
    .default("x-forwarded-for"),
  TOOLSCOPE_AUTH_SECRET: z.string().min(32, "TOOLSCOPE_AUTH_SECRET must be at least 32 characters").optional(),
  TOOLSCOPE_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(525_600).default(720),
  TOOLSCOPE_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(8_760).default(168),
  TOOLSCOPE_OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  TOOLSCOPE_OIDC_CLIENT_ID: z.string().min(1).optional(),
  TOOLSCOPE_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  TOOLSCOPE_OIDC_NAME: z.string().min(1).max(60).default("single sign-on"),
  TOOLSCOPE_OIDC_SCOPES: z.string().default("openid email profile"),
  TOOLSCOPE_OIDC_ALLOWED_DOMAINS: z.string().optional(),
  TOOLSCOPE_OIDC_ROLE_CLAIM: z.string().min(1).optional(),
  TOOLSCOPE_OIDC_ROLE_MAP: z.string().optional(),
  TOOLSCOPE_OIDC_GROUPS_CLAIM: z.string().min(1).default("groups"),
  TOOLSCOPE_OIDC_DEFAULT_ROLE: z.enum(ROLES).default("viewer"),
  TOOLSCOPE_OIDC_ALLOW_UNVERIFIED_EMAIL: z.enum(["on", "off"]).default("off"),
  TOOLSCOPE_SECRET_KEY: z.string().min(32, "TOOLSCOPE_SECRET_KEY must be at least 32 characters").optional(),
  TOOLSCOPE_OAUTH_CLIENT_METADATA_URL: z
    .url({ protocol: /^https$/ })
    .refine((u) => new URL(u).pathname.length > 1, "TOOLSCOPE_OAUTH_CLIENT_METADATA_URL needs a path (e.g. /oauth/client-metadata.json)")
    .optional(),
  TOOLSCOPE_AGENT_OAUTH: z.enum(["on", "off"]).default("on"),
  TOOLSCOPE_AGENT_ID_JAG_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  TOOLSCOPE_AGENT_WORKLOAD_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  TOOLSCOPE_AGENT_WORKLOADS: z
    .string()
    .regex(
      /^\s*[^=,\s]+\s*=\s*[^=,\s]+@[^=,\s]+\s*(,\s*[^=,\s]+\s*=\s*[^=,\s]+@[^=,\s]+\s*)*$/,
      "TOOLSCOPE_AGENT_WORKLOADS is subject=email pairs, separated by commas",
    )
    .optional(),
  TOOLSCOPE_APPROVAL_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  TOOLSCOPE_APPROVAL_WEBHOOK_SECRET: z.string().min(16, "TOOLSCOPE_APPROVAL_WEBHOOK_SECRET must be at least 16 characters").optional(),
  TOOLSCOPE_STDIO: z.enum(["off", "allowlist", "on"]).optional(),
  TOOLSCOPE_STDIO_ALLOW: z.string().optional(),
  TOOLSCOPE_OUTBOUND_ALLOW: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      for (const entry of list(value)) {
        const problem = allowEntryProblem(entry);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }
    }),
  TOOLSCOPE_RATE_CALLS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
  TOOLSCOPE_CONCURRENT_CALLS_PER_PERSON: z.coerce.number().int().min(0).max(10_000).default(16),
  TOOLSCOPE_CONCURRENT_CALLS_PER_SERVER: z.coerce.number().int().min(0).max(10_000).default(64),
  TOOLSCOPE_MAX_RESULT_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(1_073_741_824)
    .default(64 * 1024 * 1024),
  TOOLSCOPE_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1_073_741_824)
    .default(8 * 1024 * 1024),
});

/**
 * stdio: whether people may add servers that run a command. "on" (a developer's own machine),
 * "off" (the default when hosted: only the operator's config file starts commands), or
 * "allowlist": only command lines that start with one of `allow` (each a command and the
 * first arguments it must be given).
 */
export type StdioSetting = { mode: "off" | "allowlist" | "on" | undefined; allow: string[][] };

/** Single sign-on with an OpenID Connect provider, when TOOLSCOPE_OIDC_ISSUER and a client are set. */
export type OidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** Shown as "Sign in with <name>". */
  name: string;
  scopes: string[];
  /** Lower-cased email domains allowed to sign in; empty: any. */
  allowedDomains: string[];
  /** The claim whose values name roles (directly or through roleMap), when roles come from the provider. */
  roleClaim: string | undefined;
  roleMap: Record<string, Role>;
  groupsClaim: string;
  defaultRole: Role;
  /** Let people in whose address the provider does not say it verified (`email_verified`); off unless the operator turns it on. */
  allowUnverifiedEmail: boolean;
};

export type AppConfig = {
  dataDir: string;
  databaseUrl: string | undefined;
  demoServer: boolean;
  demoTools: number;
  callTimeoutMs: number;
  /** This process among replicas: its name (TOOLSCOPE_REPLICA_NAME), and how long SIGTERM waits for calls in flight. */
  replica: { name: string | undefined; shutdownGraceMs: number };
  /** Where the front door listens, and the extra Host names it answers to. */
  listen: { host: string; port: number; allowedHosts: string | undefined };
  audit: { maxResultBytes: number; retentionDays: number | undefined; redactKeys: RegExp | undefined };
  /** An mcp.json file of servers; defaults to ./mcp.json when that exists. */
  configFile: string | undefined;
  /** The address people reach Toolscope at (links, the OIDC redirect URI); by default the listen address. */
  publicUrl: string;
  /** MCP Apps' sandbox (lib/apps/sandbox-server.ts): the port it listens on, and the origin pages frame it from. */
  sandbox: SandboxConfig;
  auth: { secret: string | undefined; sessionIdleMinutes: number; sessionMaxHours: number; oidc: OidcConfig | undefined };
  /** The key secrets are encrypted with at rest (lib/crypto/secret-box.ts); else one in the data directory. */
  secretKey: string | undefined;
  /**
   * Where authorization servers read Toolscope's OAuth client metadata document (its client ID
   * when they support them): TOOLSCOPE_OAUTH_CLIENT_METADATA_URL, else the public URL's
   * /oauth/client-metadata.json when that is https (the spec asks for https); else none.
   */
  oauthClientMetadataUrl: string | undefined;
  stdio: StdioSetting;
  /** Which proxies' forwarded client address to believe, and from which header (lib/server/client-address.ts). */
  clientAddress: { trustedProxies: string[]; header: string };
  /** Addresses, CIDR ranges and host names the outbound guard lets through (lib/net/outbound-policy.ts). */
  outboundAllow: string[];
  /** Where Toolscope tells a chat channel that an agent's call waits (lib/approvals/webhook.ts), and the key it signs with. */
  approvalWebhook: { url: string; secret: string | undefined } | undefined;
  /** Whether agents may authorize by OAuth with Toolscope as the server (lib/auth/agent-oauth.ts); off: personal tokens only. */
  agentOAuth: boolean;
  /** The company identity provider whose ID-JAGs agents may bring instead of a consent page (enterprise-managed authorization). */
  agentIdJagIssuer: string | undefined;
  /** Workload identity for agents: whose JWTs are taken, and the person each workload subject acts as. */
  agentWorkloads: { issuer: string; people: ReadonlyMap<string, string> } | undefined;
  /** 0 turns a limit off. */
  limits: {
    callsPerMinute: number;
    concurrentPerPerson: number;
    concurrentPerServer: number;
    maxBodyBytes: number;
    /** The most of one server answer (a result) held in memory. */
    maxResultBytes: number;
  };
};

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

function roleMap(value: string | undefined): Record<string, Role> {
  const map: Record<string, Role> = {};
  for (const pair of list(value)) {
    const [claim, role] = pair.split("=");
    if (!claim || !isRole(role)) {
      throw new Error(
        `Toolscope's configuration is invalid:\n  TOOLSCOPE_OIDC_ROLE_MAP: "${pair}" is not claim-value=role (role: ${ROLES.join(", ")})`,
      );
    }
    map[claim] = role;
  }
  return map;
}

function oidcConfig(env: z.infer<typeof EnvSchema>): OidcConfig | undefined {
  if (!env.TOOLSCOPE_OIDC_ISSUER) return undefined;
  if (!env.TOOLSCOPE_OIDC_CLIENT_ID) {
    throw new Error("Toolscope's configuration is invalid:\n  TOOLSCOPE_OIDC_CLIENT_ID: required when TOOLSCOPE_OIDC_ISSUER is set");
  }
  return {
    issuer: env.TOOLSCOPE_OIDC_ISSUER.replace(/\/+$/, ""),
    clientId: env.TOOLSCOPE_OIDC_CLIENT_ID,
    clientSecret: env.TOOLSCOPE_OIDC_CLIENT_SECRET,
    name: env.TOOLSCOPE_OIDC_NAME,
    scopes: list(env.TOOLSCOPE_OIDC_SCOPES),
    allowedDomains: list(env.TOOLSCOPE_OIDC_ALLOWED_DOMAINS).map((d) => d.toLowerCase().replace(/^@/, "")),
    roleClaim: env.TOOLSCOPE_OIDC_ROLE_CLAIM,
    roleMap: roleMap(env.TOOLSCOPE_OIDC_ROLE_MAP),
    groupsClaim: env.TOOLSCOPE_OIDC_GROUPS_CLAIM,
    defaultRole: env.TOOLSCOPE_OIDC_DEFAULT_ROLE,
    allowUnverifiedEmail: env.TOOLSCOPE_OIDC_ALLOW_UNVERIFIED_EMAIL === "on",
  };
}

const config = processWide("app-config", () => ({ cached: undefined as AppConfig | undefined }));

export function appConfig(): AppConfig {
  config.cached ??= configFrom(process.env);
  return config.cached;
}

/** The configuration these variables make; throws a message naming each bad one. */
export function configFrom(variables: Record<string, string | undefined>): AppConfig {
  // A variable set to nothing (`PORT=` in a shell or an .env file) is not set: "" would otherwise
  // coerce to port 0, a random port, or fail a length rule with a puzzling message.
  const given = Object.fromEntries(Object.entries(variables).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Toolscope's configuration is invalid:\n${problems}`);
  }
  const env = parsed.data;
  const port = env.TOOLSCOPE_PORT ?? env.PORT ?? 3000;
  const urlHost = env.TOOLSCOPE_HOST === "0.0.0.0" || env.TOOLSCOPE_HOST === "::" ? "127.0.0.1" : env.TOOLSCOPE_HOST;
  const publicUrl = (env.TOOLSCOPE_PUBLIC_URL ?? `http://${urlHost.includes(":") ? `[${urlHost}]` : urlHost}:${port}`).replace(/\/+$/, "");
  return {
    dataDir: path.resolve(env.TOOLSCOPE_DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    demoServer: env.TOOLSCOPE_DEMO_SERVER,
    demoTools: env.TOOLSCOPE_DEMO_TOOLS,
    callTimeoutMs: env.TOOLSCOPE_CALL_TIMEOUT_MS,
    replica: { name: env.TOOLSCOPE_REPLICA_NAME, shutdownGraceMs: env.TOOLSCOPE_SHUTDOWN_GRACE_MS },
    listen: { host: env.TOOLSCOPE_HOST, port, allowedHosts: env.TOOLSCOPE_ALLOWED_HOSTS },
    publicUrl,
    sandbox: sandboxConfig(env, port, urlHost, publicUrl),
    auth: {
      secret: env.TOOLSCOPE_AUTH_SECRET,
      sessionIdleMinutes: env.TOOLSCOPE_SESSION_IDLE_MINUTES,
      sessionMaxHours: env.TOOLSCOPE_SESSION_MAX_HOURS,
      oidc: oidcConfig(env),
    },
    audit: {
      maxResultBytes: env.TOOLSCOPE_AUDIT_MAX_RESULT_BYTES,
      retentionDays: env.TOOLSCOPE_AUDIT_RETENTION_DAYS,
      redactKeys: env.TOOLSCOPE_AUDIT_REDACT_KEYS ? new RegExp(env.TOOLSCOPE_AUDIT_REDACT_KEYS, "i") : undefined,
    },
    secretKey: env.TOOLSCOPE_SECRET_KEY,
    oauthClientMetadataUrl:
      env.TOOLSCOPE_OAUTH_CLIENT_METADATA_URL ??
      (env.TOOLSCOPE_PUBLIC_URL?.startsWith("https://")
        ? `${env.TOOLSCOPE_PUBLIC_URL.replace(/\/+$/, "")}/oauth/client-metadata.json`
        : undefined),
    stdio: {
      mode: env.TOOLSCOPE_STDIO ?? (env.TOOLSCOPE_STDIO_ALLOW ? "allowlist" : undefined),
      allow: (env.TOOLSCOPE_STDIO_ALLOW ?? "")
        .split(/[,\n]/)
        .map((line) => line.trim().split(/\s+/).filter(Boolean))
        .filter((words) => words.length > 0),
    },
    outboundAllow: list(env.TOOLSCOPE_OUTBOUND_ALLOW),
    agentOAuth: env.TOOLSCOPE_AGENT_OAUTH === "on",
    agentIdJagIssuer: env.TOOLSCOPE_AGENT_ID_JAG_ISSUER?.replace(/\/+$/, ""),
    agentWorkloads: env.TOOLSCOPE_AGENT_WORKLOAD_ISSUER
      ? {
          issuer: env.TOOLSCOPE_AGENT_WORKLOAD_ISSUER.replace(/\/+$/, ""),
          people: new Map(
            list(env.TOOLSCOPE_AGENT_WORKLOADS).map((pair) => {
              const [subject = "", email = ""] = pair.split("=").map((part) => part.trim());
              return [subject, email.toLowerCase()] as const;
            }),
          ),
        }
      : undefined,
    approvalWebhook: env.TOOLSCOPE_APPROVAL_WEBHOOK_URL
      ? { url: env.TOOLSCOPE_APPROVAL_WEBHOOK_URL, secret: env.TOOLSCOPE_APPROVAL_WEBHOOK_SECRET }
      : undefined,
    clientAddress: { trustedProxies: list(env.TOOLSCOPE_TRUSTED_PROXIES), header: env.TOOLSCOPE_CLIENT_IP_HEADER },
    limits: {
      callsPerMinute: env.TOOLSCOPE_RATE_CALLS_PER_MINUTE,
      concurrentPerPerson: env.TOOLSCOPE_CONCURRENT_CALLS_PER_PERSON,
      concurrentPerServer: env.TOOLSCOPE_CONCURRENT_CALLS_PER_SERVER,
      maxBodyBytes: env.TOOLSCOPE_MAX_BODY_BYTES,
      maxResultBytes: env.TOOLSCOPE_MAX_RESULT_BYTES,
    },
    configFile: env.TOOLSCOPE_CONFIG
      ? path.resolve(env.TOOLSCOPE_CONFIG)
      : fs.existsSync("mcp.json")
        ? path.resolve("mcp.json")
        : undefined,
  };
}

/**
 * MCP Apps' sandbox (lib/apps/sandbox-server.ts): a second origin. On a laptop it is the other
 * loopback name on port + 1000 (Toolscope on 127.0.0.1 frames apps from localhost), so that it
 * shares neither origin nor cookies with Toolscope. Hosted, it needs a host name of its own
 * (TOOLSCOPE_SANDBOX_ORIGIN); without one, apps are off rather than framed from a guess.
 */
export type SandboxConfig = { port: number; origin: string; off: string | null };

const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

function sandboxConfig(env: z.infer<typeof EnvSchema>, port: number, urlHost: string, publicUrl: string): SandboxConfig {
  const sandboxPort = env.TOOLSCOPE_SANDBOX_PORT ?? (port === 0 ? 0 : port + 1000 <= 65_535 ? port + 1000 : port - 1000);
  if (sandboxPort !== 0 && sandboxPort === port)
    throw new Error("Toolscope's configuration is invalid:\n  TOOLSCOPE_SANDBOX_PORT: it must differ from Toolscope's own port");
  if (env.TOOLSCOPE_SANDBOX_ORIGIN) {
    const origin = new URL(env.TOOLSCOPE_SANDBOX_ORIGIN).origin;
    if (origin === new URL(publicUrl).origin)
      throw new Error("Toolscope's configuration is invalid:\n  TOOLSCOPE_SANDBOX_ORIGIN: it must be another origin than Toolscope's own");
    return {
      port: sandboxPort,
      origin,
      off: sandboxPort === 0 ? "set TOOLSCOPE_SANDBOX_PORT (Toolscope's own port is chosen at random)" : null,
    };
  }
  const sandboxHost = urlHost === "127.0.0.1" ? "localhost" : urlHost === "localhost" ? "127.0.0.1" : urlHost;
  const origin = `http://${sandboxHost.includes(":") ? `[${sandboxHost}]` : sandboxHost}:${sandboxPort}`;
  if (sandboxPort === 0) return { port: 0, origin, off: "set TOOLSCOPE_SANDBOX_PORT (Toolscope's own port is chosen at random)" };
  const local = LOOPBACK_NAMES.has(env.TOOLSCOPE_HOST) && LOOPBACK_NAMES.has(new URL(publicUrl).hostname);
  return local
    ? { port: sandboxPort, origin, off: null }
    : { port: sandboxPort, origin, off: "hosted: set TOOLSCOPE_SANDBOX_ORIGIN, a host name of its own proxied to TOOLSCOPE_SANDBOX_PORT" };
}
