// Callers as the front door would stamp them, for tests that call lib/ directly.
import type { Caller } from "@/lib/domain/roles";

/** Whoever proved TOOLSCOPE_API_TOKEN: an admin who is no person. */
export const BOOTSTRAP_ADMIN: Caller = {
  actor: "bootstrap token",
  clientIp: "127.0.0.1",
  userId: null,
  name: "Bootstrap admin",
  email: null,
  role: "admin",
  groups: [],
  authMethod: "bootstrap-token",
  tokenName: null,
  scopes: null,
  sessionId: null,
};

/** The bootstrap admin signed in in a browser with the token: a session, so it may decide agents' calls. */
export const BOOTSTRAP_BROWSER: Caller = { ...BOOTSTRAP_ADMIN, sessionId: "bootstrap browser session" };

/** An operator signed in with a password (calls, reads; no admin rights). */
export const ADA_OPERATOR: Caller = {
  actor: "Ada <ada@example.com>",
  clientIp: "127.0.0.1",
  userId: "user-ada",
  name: "Ada",
  email: "ada@example.com",
  role: "operator",
  groups: [],
  authMethod: "password",
  tokenName: null,
  scopes: null,
  sessionId: null,
};
