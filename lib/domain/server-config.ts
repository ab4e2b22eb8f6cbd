// How Toolscope reaches one MCP server: a command to spawn (stdio) or a URL (Streamable
// HTTP, legacy HTTP+SSE, or "auto", which tries the first and falls back to the second),
// plus an id, a display name and whether the server's annotations are trusted.
import { z } from "zod";
import { redactArguments, redactConnectionStrings, redactSecretArguments } from "@/lib/domain/redact";
import { MIN_SECRET_LENGTH } from "@/lib/domain/redact-echoes";
import { ModelRefSchema } from "@/lib/domain/sampling";

export const ServerIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, "An id is 1–63 characters: lowercase letters, digits, '-' and '_', starting with a letter or digit");

/** People by email, and groups as the identity provider names them. */
export const ServerAccessSchema = z.object({
  people: z.array(z.string().trim().toLowerCase().min(1).max(320)).max(1000).default([]),
  groups: z.array(z.string().trim().min(1).max(200)).max(1000).default([]),
});
export type ServerAccess = z.infer<typeof ServerAccessSchema>;

const Common = z.object({
  id: ServerIdSchema,
  name: z.string().trim().min(1).max(200),
  trusted: z.boolean().default(false),
  /** Per-call timeout in ms; progress notifications reset it. */
  timeoutMs: z.number().int().min(100).max(3_600_000).optional(),
  /** What Toolscope answers to roots/list for this server. */
  roots: z.array(z.object({ uri: z.string().url(), name: z.string().optional() })).optional(),
  /** Who may see and use it when people have accounts (lib/mcp/server-access.ts); absent: everyone. */
  access: ServerAccessSchema.optional(),
  /** The model that drafts its sampling answers for the person to send (lib/mcp/sampling.ts); absent: off. */
  samplingModel: ModelRefSchema.optional(),
});

export const StdioConfigSchema = Common.extend({
  transport: z.literal("stdio"),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
});

export const UrlTransportSchema = z.enum(["auto", "streamable-http", "sse"]);

/**
 * How Toolscope authorizes to a server that asks for OAuth (lib/oauth). Nothing is needed for
 * the usual case: discovery, client registration (a client ID metadata document or dynamic
 * registration) and PKCE are automatic. These settings cover the rest.
 */
/** The grants Toolscope can get a server's tokens with (see `grant` below). */
export const OAUTH_GRANTS = ["authorization_code", "client_credentials", "jwt_bearer", "enterprise"] as const;
export type OAuthGrant = (typeof OAUTH_GRANTS)[number];

/** The grants no person takes part in: one authorization serves everyone. */
export function machineGrant(grant: OAuthGrant | undefined): boolean {
  return grant === "client_credentials" || grant === "jwt_bearer";
}

export const OAuthSettingsSchema = z
  .object({
    /** Once people have accounts: each person authorizes for themselves, or one authorization serves everyone. */
    sharing: z.enum(["personal", "shared"]).default("personal"),
    /**
     * `client_credentials`: machine to machine, no person involved (always shared).
     * `jwt_bearer`: workload identity federation (SEP-1933): a JWT the platform gives this
     * workload (a Kubernetes projected service-account token, say) is the grant, RFC 7523
     * (always shared). `enterprise`: enterprise-managed authorization (SEP-990): the person's
     * ID token from the company's identity provider is exchanged there for an ID-JAG (RFC 8693),
     * which the server's authorization server takes as a JWT bearer grant (RFC 7523).
     */
    grant: z.enum(OAUTH_GRANTS).default("authorization_code"),
    /** A client registered by hand at the authorization server. */
    clientId: z.string().trim().min(1).max(2000).optional(),
    clientSecret: z.string().min(1).max(4000).optional(),
    /** For private_key_jwt client authentication: a PKCS#8 PEM private key and its JWS algorithm. */
    privateKey: z.string().min(1).max(20_000).optional(),
    signingAlgorithm: z.enum(["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"]).optional(),
    /** Scopes to ask for instead of those the server names. */
    scope: z.string().trim().min(1).max(2000).optional(),
    /** jwt_bearer: the file holding the workload's JWT, read again for each token request (they rotate). */
    assertionFile: z.string().trim().min(1).max(4000).optional(),
    /** enterprise: the identity provider (its issuer, for discovery, or its token endpoint) and Toolscope's client there. */
    idpIssuer: z.string().trim().url().max(2000).optional(),
    idpTokenEndpoint: z.string().trim().url().max(2000).optional(),
    idpClientId: z.string().trim().min(1).max(2000).optional(),
    idpClientSecret: z.string().min(1).max(4000).optional(),
    /**
     * enterprise: a file holding the ID token to exchange, for a Toolscope without accounts
     * (read for each exchange). Without it, the person's own ID token from signing in to Toolscope.
     */
    idTokenFile: z.string().trim().min(1).max(4000).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.clientSecret && !value.clientId)
      ctx.addIssue({ code: "custom", message: "A client secret needs its client id", path: ["clientId"] });
    if (value.privateKey && !value.clientId)
      ctx.addIssue({ code: "custom", message: "A private key needs its client id", path: ["clientId"] });
    if (value.privateKey && value.clientSecret)
      ctx.addIssue({ code: "custom", message: "Give a client secret or a private key, not both", path: ["privateKey"] });
    if (value.privateKey && !value.signingAlgorithm)
      ctx.addIssue({ code: "custom", message: "A private key needs its signing algorithm (e.g. ES256)", path: ["signingAlgorithm"] });
    if (value.grant === "client_credentials" && !value.clientSecret && !value.privateKey)
      ctx.addIssue({
        code: "custom",
        message: "client_credentials needs a client id with a client secret or a private key",
        path: ["grant"],
      });
    if (value.grant === "jwt_bearer" && !value.assertionFile)
      ctx.addIssue({ code: "custom", message: "jwt_bearer needs the file that holds the workload's JWT", path: ["assertionFile"] });
    if ((value.grant === "jwt_bearer" || value.grant === "enterprise") && !value.clientId)
      ctx.addIssue({
        code: "custom",
        message: `${value.grant} needs the client id registered at the server's authorization server`,
        path: ["clientId"],
      });
    if (value.grant === "enterprise") {
      if (!value.idpIssuer && !value.idpTokenEndpoint)
        ctx.addIssue({ code: "custom", message: "enterprise needs the identity provider's issuer or token endpoint", path: ["idpIssuer"] });
      if (!value.idpClientId)
        ctx.addIssue({ code: "custom", message: "enterprise needs Toolscope's client id at the identity provider", path: ["idpClientId"] });
    }
    if (value.idpClientSecret && !value.idpClientId)
      ctx.addIssue({ code: "custom", message: "An identity provider client secret needs its client id", path: ["idpClientId"] });
  });
export type OAuthSettings = z.infer<typeof OAuthSettingsSchema>;

export const UrlConfigSchema = Common.extend({
  transport: UrlTransportSchema,
  url: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//i.test(u), "The URL must be http:// or https://"),
  headers: z.record(z.string(), z.string()).default({}),
  oauth: OAuthSettingsSchema.optional(),
});

export const ServerConfigSchema = z.discriminatedUnion("transport", [
  StdioConfigSchema,
  UrlConfigSchema.extend({ transport: UrlTransportSchema }),
]);

export type StdioConfig = z.infer<typeof StdioConfigSchema>;
export type UrlConfig = z.infer<typeof UrlConfigSchema>;
export type ServerConfig = StdioConfig | UrlConfig;
export type TransportKind = ServerConfig["transport"];

/** Where the server is, without secrets: the URL without credentials or query, or the command line without secret options' values. */
export function describeServerTarget(config: ServerConfig): string {
  if (config.transport === "stdio") return redactConnectionStrings([config.command, ...redactSecretArguments(config.args)].join(" "));
  const url = new URL(config.url);
  url.username = "";
  url.password = "";
  url.search = "";
  return url.toString();
}

/** What the browser may see of a config: everything but the values of env variables and headers. */
/**
 * `roots`: what Toolscope answers to roots/list, when configured (null: the default, a stdio server's working directory).
 * `samplingModel`: the model that drafts its sampling answers, `provider/model` (null: off).
 */
export type PublicServerConfig = { roots: Root[] | null; samplingModel: string | null } & (
  | { transport: "stdio"; command: string; args: string[]; envKeys: string[]; cwd: string | null }
  | { transport: UrlConfig["transport"]; url: string; headerNames: string[]; oauth: PublicOAuthSettings | null }
);

export type Root = { uri: string; name?: string | undefined };

/** OAuth settings without the client secret or private key (only whether there is one). */
export type PublicOAuthSettings = {
  sharing: OAuthSettings["sharing"];
  grant: OAuthSettings["grant"];
  clientId: string | null;
  hasClientSecret: boolean;
  hasPrivateKey: boolean;
  signingAlgorithm: string | null;
  scope: string | null;
  assertionFile: string | null;
  idpIssuer: string | null;
  idpTokenEndpoint: string | null;
  idpClientId: string | null;
  hasIdpClientSecret: boolean;
  idTokenFile: string | null;
};

export function publicOAuthSettings(oauth: OAuthSettings | undefined): PublicOAuthSettings | null {
  if (!oauth) return null;
  return {
    sharing: oauth.sharing,
    grant: oauth.grant,
    clientId: oauth.clientId ?? null,
    hasClientSecret: oauth.clientSecret !== undefined,
    hasPrivateKey: oauth.privateKey !== undefined,
    signingAlgorithm: oauth.signingAlgorithm ?? null,
    scope: oauth.scope ?? null,
    assertionFile: oauth.assertionFile ?? null,
    idpIssuer: oauth.idpIssuer ?? null,
    idpTokenEndpoint: oauth.idpTokenEndpoint ?? null,
    idpClientId: oauth.idpClientId ?? null,
    hasIdpClientSecret: oauth.idpClientSecret !== undefined,
    idTokenFile: oauth.idTokenFile ?? null,
  };
}

export function publicConfig(config: ServerConfig): PublicServerConfig {
  const roots = config.roots ?? null;
  const samplingModel = config.samplingModel ?? null;
  if (config.transport === "stdio") {
    return {
      roots,
      samplingModel,
      transport: "stdio",
      command: config.command,
      args: config.args,
      envKeys: Object.keys(config.env),
      cwd: config.cwd ?? null,
    };
  }
  return {
    roots,
    samplingModel,
    transport: config.transport,
    url: describeServerTarget(config),
    headerNames: Object.keys(config.headers),
    oauth: publicOAuthSettings(config.oauth),
  };
}

const SCRUBBED = "<redacted>";

/** A value and, when it is an Authorization-style "Bearer …", the credential alone. */
function addWithCredential(secrets: Set<string>, value: string): void {
  secrets.add(value);
  const credential = /^(?:Bearer|Basic|Token)\s+(.+)$/i.exec(value)?.[1];
  if (credential) secrets.add(credential);
}

/**
 * Secrets a command line carries, by the audit log's rules (lib/domain/redact.ts): values named by
 * a secret-looking name (`--api-key X`, `--token=X`, `-e GITHUB_TOKEN=X`, `--header "Authorization:
 * Bearer X"`) and the passwords of connection strings.
 */
function argumentSecrets(args: readonly string[]): Set<string> {
  const found = new Set<string>();
  const named: Record<string, string> = {};
  args.forEach((arg, i) => {
    redactConnectionStrings(arg, found);
    const pair = /^(?:--?)?([A-Za-z][\w.-]*)(?:=|:\s*)(.+)$/s.exec(arg);
    const flag = /^--?([A-Za-z][\w.-]*)$/.exec(arg);
    const next = args[i + 1];
    // Keyed by position too: the same name may come twice with different values.
    if (pair) named[`${pair[1]}_${i}`] = pair[2]!;
    else if (flag && next !== undefined && !next.startsWith("-")) named[`${flag[1]}_${i}`] = next;
  });
  const secrets = new Set<string>();
  redactArguments(named, undefined, undefined, secrets);
  for (const value of secrets) addWithCredential(found, value);
  return found;
}

/**
 * A server's secrets: header and env values (and the credential after a "Bearer " scheme), those its
 * command line names as secrets, the values in its URL's query, its OAuth client secret or key. The
 * browser never sees them; what a tool echoes of them is redacted from its answer
 * (lib/calls/call-secrets.ts), what a stdio server prints of them from its stderr (stderr-log.ts).
 */
export function serverSecretValues(config: ServerConfig): string[] {
  const secrets = new Set<string>();
  const values = config.transport === "stdio" ? Object.values(config.env) : Object.values(config.headers);
  for (const value of values) addWithCredential(secrets, value);
  if (config.transport === "stdio") for (const value of argumentSecrets(config.args)) secrets.add(value);
  if (config.transport !== "stdio") {
    for (const value of new URL(config.url).searchParams.values()) secrets.add(value);
    if (config.oauth?.clientSecret) secrets.add(config.oauth.clientSecret);
    if (config.oauth?.privateKey) secrets.add(config.oauth.privateKey);
    if (config.oauth?.idpClientSecret) secrets.add(config.oauth.idpClientSecret);
  }
  return [...secrets];
}

/**
 * Text about a server (an error message, stderr) with its secrets taken out. Connection errors
 * quote the URL or echo what a server printed, and they are shown to every browser and kept in
 * the audit log.
 */
export function scrubSecrets(config: ServerConfig, text: string): string {
  let scrubbed = text;
  // Longest first, so a secret that contains another is replaced whole; short values (a
  // "1", a "json") would blank out ordinary words and are not secrets anyone relies on.
  const secrets = serverSecretValues(config).filter((v) => v.length >= MIN_SECRET_LENGTH);
  for (const secret of secrets.sort((a, b) => b.length - a.length)) {
    scrubbed = scrubbed.split(secret).join(SCRUBBED);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) scrubbed = scrubbed.split(encoded).join(SCRUBBED);
  }
  return scrubbed;
}
