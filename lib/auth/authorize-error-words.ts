// What /oauth/error says of an agent's authorization request that cannot go on, by OAuth's error
// code (RFC 6749 §4.1.2.1, and better-auth's own). Only these words are shown: the page is on
// Toolscope's origin and anyone can link to it with a query of their choosing, so neither a
// description nor an unknown code from the query is ever put on it (it would be a phishing page
// with Toolscope's name on top). Pure.

const MEANINGS: Record<string, string> = {
  invalid_client:
    "Toolscope does not know this agent: its registration was removed, or the client metadata document it names could not be fetched or read.",
  client_disabled: "An admin has turned this agent off.",
  invalid_redirect: "The agent asked to send you back to an address it did not register, so Toolscope will not send you there.",
  unauthorized_client: "This agent may not sign in this way.",
  unsupported_response_type: "The agent asked for a kind of answer Toolscope does not give (only an authorization code).",
  invalid_scope: "The agent asked for access Toolscope does not grant agents.",
  invalid_request: "The agent's request was incomplete or malformed.",
  access_denied: "The request was refused, so the agent was given no access.",
  server_error: "Toolscope could not handle the request.",
  temporarily_unavailable: "Toolscope could not check the agent just now.",
};

/** The code, when it is one Toolscope knows (else null), and what to tell the person. */
export function authorizeErrorWords(code: string | undefined): { code: string | null; words: string } {
  return code !== undefined && Object.hasOwn(MEANINGS, code)
    ? { code, words: MEANINGS[code]! }
    : { code: null, words: "The request was refused." };
}

/** Whether Toolscope has words for this code: the only codes it sends to its page. */
export function isKnownAuthorizeError(code: string): boolean {
  return Object.hasOwn(MEANINGS, code);
}
