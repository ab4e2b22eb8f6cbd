// What the OAuth view shows: an authorization's state and each step of it as it happened,
// secrets masked. Client-safe: the server page renders these.
import type { OAuthGrant } from "./server-config";

export type JournalStep =
  | "challenge"
  | "resource-metadata"
  | "server-metadata"
  | "registration"
  | "authorization-request"
  | "callback"
  | "token"
  | "refresh"
  | "client-credentials"
  | "token-exchange"
  | "jwt-bearer"
  | "tokens-saved"
  | "invalidated"
  | "authorization-server-changed"
  | "revoked"
  | "step-up"
  | "request"
  | "failure";

export const JOURNAL_STEP_LABELS: Record<JournalStep, string> = {
  challenge: "Server asked for authorization",
  "resource-metadata": "Protected resource metadata",
  "server-metadata": "Authorization server metadata",
  registration: "Client registration",
  "authorization-request": "Authorization request",
  callback: "Back from the authorization server",
  token: "Token exchange",
  refresh: "Token refresh",
  "client-credentials": "Client credentials grant",
  "token-exchange": "ID token exchanged for an ID-JAG",
  "jwt-bearer": "JWT bearer grant",
  "tokens-saved": "Tokens stored",
  invalidated: "Credentials discarded",
  "authorization-server-changed": "Authorization server changed",
  revoked: "Authorization revoked",
  "step-up": "More access needed",
  request: "OAuth request",
  failure: "Failed",
};

export type JournalHttp = {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  durationMs?: number;
  /** A network failure (no answer). */
  error?: string;
};

export type JournalEntry = {
  id: number;
  at: string;
  step: JournalStep;
  ok: boolean;
  /** One line on what happened or why it failed. */
  summary: string;
  http?: JournalHttp;
  /** Extra facts worth showing (parameters of an authorization request, a token's scope and lifetime). */
  facts?: Record<string, string>;
};

/** GET /api/servers/{id}/oauth. */
export type AuthorizationView = {
  /** Whose authorization this caller's requests use. */
  principal: "personal" | "shared";
  sharing: "personal" | "shared";
  grant: OAuthGrant;
  authorized: boolean;
  scope: string | null;
  requestedScope: string | null;
  expiresAt: string | null;
  hasRefreshToken: boolean;
  issuer: string | null;
  client: { id: string; via: string } | null;
  /** The scope the server last named when it asked. */
  challengeScope: string | null;
  /** Whether this caller may authorize or revoke the shared authorization. */
  canManageShared: boolean;
  journal: JournalEntry[];
};
