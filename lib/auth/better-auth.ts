import "server-only";
// better-auth, the authentication library under Toolscope's accounts: password sign-in (hashed
// with argon2), server-side sessions (random, revocable, sliding idle expiry), single sign-on
// with any OpenID Connect provider (discovery, PKCE, state and nonce), and its admin plugin's
// role and "banned" fields on each person; and OAuth for the agents people connect to /mcp
// (lib/auth/agent-oauth.ts). It shares Toolscope's database through Kysely.
// Toolscope calls it from its own routes (lib/auth/*.ts); only the browser legs of single
// sign-on reach its HTTP handler (lib/server/auth-endpoint.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import { kyselyAdapter } from "@better-auth/kysely-adapter";
import argon2 from "argon2";
import { APIError, betterAuth, type BetterAuthOptions } from "better-auth";
import { admin, genericOAuth } from "better-auth/plugins";
import { decodeJwt } from "jose";
import { PostgresAdapter, type Kysely } from "kysely";
import { appConfig, type OidcConfig } from "@/lib/config/env";
import { database } from "@/lib/db";
import { processWide } from "@/lib/process-wide";
import { recordEvent } from "@/lib/audit/events";
import { accountsNowExist } from "./mode";
import { authSecret } from "./secret";
import { RESERVED_EMAIL_MESSAGE } from "../domain/reserved-identity";
import { isReservedEmail } from "./reserved-address";
import { identityFromClaims } from "./sso-claims";
import { agentOAuthAvailable, agentOAuthPlugins, recordAgentAuthorization, registerMcpClientsAsNative } from "./agent-oauth";
import { agentJwtBearerPlugins } from "./agent-jwt-bearer";
import { SSO_PROVIDER_ID } from "./sso-provider";

export const AUTH_BASE_PATH = "/api/auth";
/**
 * The client's address as the front door decided it (lib/server/client-address.ts, trusted
 * proxies included), set on every request it passes on; any copy a client sent is replaced. The
 * only header better-auth reads an address from, for the sessions it records.
 */
export const CLIENT_ADDRESS_HEADER = "x-toolscope-client-address";

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
    // A single sign-on that fails before it knows where to return (no state, say) lands on the
    // sign-in page with the reason, not on a page of better-auth's own.
    onAPIError: { errorURL: `${config.publicUrl}/login` },
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
      // Who may come in through single sign-on, decided again at every sign-in from the
      // provider's fresh claims (an address moved out of an allowed domain is refused).
      validateUserInfo: ({ source }) => {
        if (!oidc || source.method !== "oauth" || !source.oauth) return;
        const identity = identityFromClaims(source.oauth.profile as Record<string, unknown>, oidc);
        return identity.ok ? undefined : { error: "access_denied", errorDescription: identity.message };
      },
    },
    session: {
      modelName: "auth_session",
      // Sliding: a session not used for this long ends. lib/auth/identify.ts also ends one
      // older than TOOLSCOPE_SESSION_MAX_HOURS however active.
      expiresIn: config.auth.sessionIdleMinutes * 60,
      updateAge: Math.min(config.auth.sessionIdleMinutes * 60, 300),
      additionalFields: {
        authMethod: { type: "string", required: false, input: false },
        bootstrapTokenDigest: { type: "string", required: false, input: false },
      },
    },
    account: { modelName: "auth_account", accountLinking: { enabled: false } },
    verification: { modelName: "auth_verification" },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      // Not X-Forwarded-For, which any client can write: the front door's own finding.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    // The front door already refuses cross-origin requests that change anything, and sign-in
    // is throttled by lib/auth/throttle.ts, per account and per address.
    rateLimit: { enabled: false },
    databaseHooks: {
      // The bootstrap account's address, refused on every path that creates or changes a person
      // (single sign-on, an invitation, the command line, a change of address) but the one that
      // creates the bootstrap account itself (creatingBootstrapAccount, below).
      user: {
        create: { before: async (user) => refuseReserved(user.email) },
        update: { before: async (user) => refuseReserved(user.email) },
      },
      session: {
        create: {
          // How the session was signed in, for the audit log of every call it makes.
          before: async (session, context) => {
            const path = context?.path ?? "";
            const method = path.startsWith("/callback/") ? "sso" : path === "/sign-in/email" ? "password" : undefined;
            return method ? { data: { ...session, authMethod: method } } : { data: session };
          },
          // Password sign-ins are audited by lib/auth/session.ts; single sign-on ends here.
          after: async (session) => {
            if ((session as { authMethod?: string }).authMethod !== "sso" || !oidc) return;
            const person = await syncFromProvider(session.userId, oidc);
            if (!person) return;
            accountsNowExist();
            await recordEvent(
              "sign_in",
              {
                actor: `${person.name} <${person.email}>`,
                actorId: person.id,
                actorName: person.name,
                authMethod: "sso",
                clientIp: (session as { ipAddress?: string | null }).ipAddress || null,
              },
              { subject: person.id, method: "sso", role: person.role, groups: person.groups },
            );
          },
        },
      },
    },
    // A person allowing an agent is an audited event, as their other grants are.
    hooks: { before: registerMcpClientsAsNative, after: recordAgentAuthorization },
    plugins: [
      admin({ defaultRole: "viewer", adminRoles: ["admin"] }),
      ...(oidc ? [genericOAuth({ config: [ssoProvider(oidc)] })] : []),
      // Toolscope as the OAuth authorization server its MCP endpoint's agents authorize against.
      ...agentOAuthPlugins(),
      // After the OAuth provider, which it extends.
      ...(agentOAuthAvailable() ? agentJwtBearerPlugins() : []),
    ],
  };
}

// Set only while lib/auth/session.ts creates the bootstrap account: a marker in this process's
// own async context, which no request can reach or set. One per process: the better-auth
// instance (and its hooks) may come from another copy of lib/ than the caller's.
const bootstrapAccountCreation = processWide("bootstrap-account-creation", () => new AsyncLocalStorage<true>());

export function creatingBootstrapAccount<T>(create: () => Promise<T>): Promise<T> {
  return bootstrapAccountCreation.run(true, create);
}

async function refuseReserved(email: unknown): Promise<void> {
  if (typeof email === "string" && isReservedEmail(email) && bootstrapAccountCreation.getStore() !== true) {
    throw new APIError("BAD_REQUEST", { message: RESERVED_EMAIL_MESSAGE });
  }
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
    // Not better-auth's own update at each sign-in: it would put the role back to its default.
    // syncFromProvider (below) updates name, groups and, when mapped, the role instead.
    overrideUserInfo: false,
    // Refusals (no email, a domain not allowed) are user.validateUserInfo's, which better-auth
    // turns into a redirect to the sign-in page with the reason; here only what is kept.
    mapProfileToUser: (profile: Record<string, unknown>) => {
      const identity = identityFromClaims(profile, oidc);
      return identity.ok ? identity.user : {};
    },
  };
}

/**
 * After each single sign-on, the person's groups (and role, when TOOLSCOPE_OIDC_ROLE_CLAIM
 * names the claim that carries it) are set from the claims of the id token better-auth has just
 * verified and stored: the provider stays the source of truth, at every sign-in.
 */
async function syncFromProvider(
  userId: string,
  oidc: OidcConfig,
): Promise<{ id: string; name: string; email: string; role: string | null; groups: string[] } | undefined> {
  const db = await database();
  const account = await db
    .selectFrom("auth_account")
    .select("idToken")
    .where("userId", "=", userId)
    .where("providerId", "=", SSO_PROVIDER_ID)
    .executeTakeFirst();
  const person = await db.selectFrom("auth_user").select(["id", "name", "email", "role"]).where("id", "=", userId).executeTakeFirst();
  if (!person) return undefined;
  let claims: Record<string, unknown> = {};
  try {
    if (account?.idToken) claims = decodeJwt(account.idToken);
  } catch {
    // No readable id token: nothing to sync from.
  }
  // Who may come in was decided at sign-in (validateUserInfo, on the id token and userinfo
  // together); here only what the id token says of names, groups and role. Its address was
  // verified then, even when only userinfo said so.
  const identity = identityFromClaims({ ...claims, email: person.email, email_verified: true }, oidc);
  if (!identity.ok) return { ...person, groups: [] };
  // updatedAt too: what agents may see follows a person's groups and role (lib/gateway/tool-changes.ts).
  const update = {
    name: identity.user.name,
    groups: identity.user.groups,
    updatedAt: new Date().toISOString(),
    ...(identity.user.role ? { role: identity.user.role } : {}),
  };
  await db.updateTable("auth_user").set(update).where("id", "=", userId).execute();
  return {
    ...person,
    name: identity.user.name,
    role: identity.user.role ?? person.role,
    groups: JSON.parse(identity.user.groups) as string[],
  };
}

function create(db: Kysely<unknown>) {
  return betterAuth(options(db));
}

export type Auth = ReturnType<typeof create>;

const state = processWide("better-auth", () => ({ auth: undefined as Promise<Auth> | undefined }));

/**
 * The admin plugin's create-user, called from the server (no session: Toolscope has decided who
 * may). The options above are typed as BetterAuthOptions, since single sign-on is optional, so
 * the plugin's endpoints are not in the instance's inferred type.
 */
type AdminApi = { createUser(input: { body: { email: string; name: string; password?: string } }): Promise<{ user: { id: string } }> };

export async function adminApi(): Promise<AdminApi> {
  return (await auth()).api as unknown as AdminApi;
}

/** The process's better-auth instance, over the migrated database. */
export function auth(): Promise<Auth> {
  state.auth ??= database().then((db) => create(db as Kysely<unknown>));
  return state.auth;
}
