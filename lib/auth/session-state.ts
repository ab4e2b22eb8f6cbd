// What the browser is told about its session (GET /api/session, and the page layout). Client-safe.
import type { Permission, Role } from "../domain/roles";

export type AuthModeName = "local" | "token" | "accounts";

export type SessionState = {
  mode: AuthModeName;
  signedIn: boolean;
  person: { id: string | null; name: string; email: string | null; role: Role; authMethod: string | null; tokenName: string | null } | null;
  permissions: Permission[];
  /** The ways to sign in this Toolscope offers. */
  signIn: { password: boolean; token: boolean; sso: { name: string } | null };
};
