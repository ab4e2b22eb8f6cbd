import "server-only";
// Whether the credential an agent's session was opened with still stands: a person who revoked
// the agent (its OAuth grant, or the personal token it used) has ended what it may do, so the
// session is no longer "connected", even before the agent next knocks and is refused.
import type { Caller } from "@/lib/domain/roles";
import { agentGrants } from "./agent-grants";
import { listTokens } from "./personal-tokens";

export async function agentCredentialStands(caller: Caller, now = Date.now()): Promise<boolean> {
  // Local mode and the bootstrap token have nothing a person revokes.
  if (!caller.userId || !caller.tokenName) return true;
  if (caller.authMethod === "oauth") return (await agentGrants(caller.userId)).some((grant) => grant.name === caller.tokenName);
  if (caller.authMethod === "personal-token")
    return (await listTokens(caller.userId)).some(
      (token) => token.name === caller.tokenName && !token.revokedAt && (!token.expiresAt || Date.parse(token.expiresAt) > now),
    );
  return true;
}
