import "server-only";
// The sign-in page's half of an agent's OAuth authorization (lib/auth/agent-oauth.ts): the
// authorization endpoint sends a signed-out person to /login with the request's parameters,
// signed; after sign-in the browser goes back to the endpoint with them, now as the person,
// and on to the consent page. The signature's own parameters are left behind: the endpoint
// signs afresh.
import { AUTHORIZE_PATH } from "./agent-oauth";

const SIGNATURE_PARAMS = new Set(["sig", "exp", "ba_iat", "ba_pl", "ba_param"]);

/** The authorization endpoint to return to, when the sign-in page was reached from it. */
export function agentAuthorization(search: Record<string, string | string[] | undefined>): string | null {
  if (typeof search.client_id !== "string" || typeof search.sig !== "string" || typeof search.redirect_uri !== "string") return null;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    if (SIGNATURE_PARAMS.has(name) || name === "next" || name === "reason") continue;
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(name, item);
  }
  return `${AUTHORIZE_PATH}?${params}`;
}
