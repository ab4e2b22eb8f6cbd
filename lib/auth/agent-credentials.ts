import "server-only";
// Whether the credential an agent's session was opened with still stands: a person who revoked
// the agent (its OAuth grant, or the personal token it used) has ended what it may do, so the
// session is no longer "connected", even before the agent next knocks and is refused.
import type { Caller } from "@/lib/domain/roles";
import { agentGrants } from "./agent-grants";
import { listTokens } from "./personal-tokens";

/**
 * For each caller, whether its credential stands. Each person's grants and tokens are read once,
 * however many sessions they have open (an agent reconnecting leaves several).
 */
export async function agentCredentialsStand(callers: readonly Caller[], now = Date.now()): Promise<boolean[]> {
  const grants = new Map<string, ReturnType<typeof agentGrants>>();
  const tokens = new Map<string, ReturnType<typeof listTokens>>();
  const once = <T>(cache: Map<string, Promise<T>>, userId: string, read: (userId: string) => Promise<T>): Promise<T> => {
    let found = cache.get(userId);
    if (!found) cache.set(userId, (found = read(userId)));
    return found;
  };
  return Promise.all(
    callers.map(async (caller) => {
      // Local mode and the bootstrap token have nothing a person revokes.
      if (!caller.userId || !caller.tokenName) return true;
      if (caller.authMethod === "oauth")
        return (await once(grants, caller.userId, agentGrants)).some((grant) => grant.name === caller.tokenName);
      if (caller.authMethod === "personal-token")
        return (await once(tokens, caller.userId, listTokens)).some(
          (token) => token.name === caller.tokenName && !token.revokedAt && (!token.expiresAt || Date.parse(token.expiresAt) > now),
        );
      return true;
    }),
  );
}
