// A personal token as the API answers it (never its secret). Client-safe.
import type { TokenScope } from "../domain/roles";

export type PersonalToken = {
  id: string;
  userId: string;
  name: string;
  scopes: TokenScope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
