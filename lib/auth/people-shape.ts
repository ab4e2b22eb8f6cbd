// A person and a session as the API answers them. Client-safe.
import type { Role } from "../domain/roles";

export type Person = {
  id: string;
  name: string;
  email: string;
  role: Role;
  disabled: boolean;
  groups: string[];
  createdAt: string;
  /** How they can sign in: a password, single sign-on, or both. */
  signInMethods: ("password" | "sso")[];
  activeSessions: number;
};

export type SessionSummary = {
  id: string;
  createdAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  authMethod: string | null;
  /** The session of the request that asked. */
  current: boolean;
};
