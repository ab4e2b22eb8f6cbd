// An agent a person allowed to act as them (OAuth, lib/auth/agent-grants.ts), as the account
// page lists it. Client-safe.
export type AgentGrant = {
  clientId: string;
  /** The name the agent gave itself when it registered. */
  name: string;
  uri: string | null;
  scopes: string[];
  /** When the person allowed it (last, if more than once). */
  grantedAt: string;
};
