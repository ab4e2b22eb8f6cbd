import "server-only";
// better-auth, the authentication library under Toolscope's accounts: password sign-in (hashed
// with argon2), server-side sessions (random, revocable, sliding idle expiry), single sign-on
// with any OpenID Connect provider (discovery, PKCE, state and nonce), and its admin plugin's
// role and "banned" fields on each person. It shares Toolscope's database through Kysely.
// Toolscope calls it from its own routes (lib/auth/*.ts); only the browser legs of single
// sign-on reach its HTTP handler (lib/server/auth-endpoint.ts).
import { kyselyAdapter } from "@better-auth/kysely-adapter";
import argon2 from "argon2";
import { APIError, betterAuth, type BetterAuthOptions } from "better-auth";
import { admin, genericOAuth } from "better-auth/plugins";
import { PostgresAdapter, type Kysely } from "kysely";
import { appConfig, type OidcConfig } from "@/lib/config/env";
import { database } from "@/lib/db";
import { processWide } from "@/lib/process-wide";
import { recordEvent } from "@/lib/audit/events";
import { accountsNowExist } from "./mode";
import { authSecret } from "./secret";
import { identityFromClaims } from "./sso-claims";

export const SSO_PROVIDER_ID = "sso";
export const AUTH_BASE_PATH = "/api/auth";
/** better-auth's session cookie is `<prefix>.session_token` (with `__Secure-` over https). */
export const COOKIE_PREFIX = "toolscope";

function options(db: Kysely<unknown>): BetterAuthOptions {
  const config = appConfig();
  const oidc = config.auth.oidc;
  const secure = config.publicUrl.startsWith("https:");
  return {
    appName: "Toolscope",
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: authSecret(),
    database: kyselyAdapter(db, { type: db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite" }),
    telemetry: { enabled: false },
    logger: { disabled: process.env.NODE_ENV === "test" },
    emailAndPassword: {
      enabled: true,
      // People are invited by an admin (or created with `npm run user:create`), never sign up.
      disableSignUp: true,
      minPasswordLength: 10,
      maxPasswordLength: 256,
      password: {
        hash: (password) => argon2.hash(password, { type: argon2.argon2id }),
        verify: ({ hash, password }) => argon2.verify(hash, password),
      },
    },
    user: {
      modelName: "auth_user",
      additionalFields: { groups: { type: "string", required: false, input: false } },
    },
    session: {
      modelName: "auth_session",
      // Sliding: a session not used for this long ends. lib/auth/identify.ts also ends one
      // older than TOOLSCOPE_SESSION_MAX_HOURS however active.
      expiresIn: config.auth.sessionIdleMinutes * 60,
      updateAge: Math.min(config.auth.sessionIdleMinutes * 60, 300),
      additionalFields: { authMethod: { type: "string", required: false, input: false } },
    },
    account: { modelName: "auth_account", accountLinking: { enabled: false } },
    verification: { modelName: "auth_verification" },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    // The front door already refuses cross-origin requests that change anything, and sign-in
    // is throttled by lib/auth/throttle.ts, per account and per address.
    rateLimit: { enabled: false },
    databaseHooks: {
      session: {
        create: {
          // How the session was signed in, for the audit log of every call it makes.
          before: async (session, context) => {
            const path = context?.path ?? "";
            const method = path.startsWith("/oauth2/callback") ? "sso" : path === "/sign-in/email" ? "password" : undefined;
            return method ? { data: { ...session, authMethod: method } } : { data: session };
          },
          // Password sign-ins are audited by lib/auth/session.ts; single sign-on ends here.
          after: async (session) => {
            if ((session as { authMethod?: string }).authMethod !== "sso") return;
            const person = await (
              await database()
            )
              .selectFrom("auth_user")
              .select(["id", "name", "email"])
              .where("id", "=", session.userId)
              .executeTakeFirst();
            if (!person) return;
            accountsNowExist();
            await recordEvent(
              "sign_in",
              {
                actor: `${person.name} <${person.email}>`,
                actorId: person.id,
                actorName: person.name,
                authMethod: "sso",
                clientIp: session.ipAddress || null,
              },
              { subject: person.id, method: "sso" },
            );
          },
        },
      },
    },
    plugins: [admin({ defaultRole: "viewer", adminRoles: ["admin"] }), ...(oidc ? [genericOAuth({ config: [ssoProvider(oidc)] })] : [])],
  };
}

function ssoProvider(oidc: OidcConfig) {
  return {
    providerId: SSO_PROVIDER_ID,
    name: oidc.name,
    discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    scopes: oidc.scopes,
    pkce: true,
    // The provider is the source of truth for name, groups and (when mapped) role.
    overrideUserInfo: true,
    mapProfileToUser: (profile: Record<string, unknown>) => {
      const identity = identityFromClaims(profile, oidc);
      if (!identity.ok) throw new APIError("FORBIDDEN", { message: identity.message });
      return identity.user;
    },
  };
}

function create(db: Kysely<unknown>) {
  return betterAuth(options(db));
}

export type Auth = ReturnType<typeof create>;

const state = processWide("better-auth", () => ({ auth: undefined as Promise<Auth> | undefined }));

/** The process's better-auth instance, over the migrated database. */
export function auth(): Promise<Auth> {
  state.auth ??= database().then((db) => create(db as Kysely<unknown>));
  return state.auth;
}
