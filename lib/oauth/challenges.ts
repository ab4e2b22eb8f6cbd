import "server-only";
// Notes what the MCP server says when it asks for authorization (401) or more access (403):
// the scope and resource metadata it names are what the next Authorize asks for.
import { extractWWWAuthenticateParams, type FetchLike } from "@modelcontextprotocol/client";
import { challengeScheme } from "./dpop";
import { sameEndpoint } from "./journal";

/** `scheme`: "dpop" when the server challenged with the DPoP scheme (it takes DPoP-bound tokens, lib/oauth/dpop.ts). */
export type Challenge = { status: 401 | 403; scope?: string; resourceMetadataUrl?: string; error?: string; scheme?: "dpop"; at: number };
export type ChallengeListener = (challenge: Challenge) => void;

export function watchChallenges(base: FetchLike, mcpUrl: string, onChallenge: ChallengeListener): FetchLike {
  const endpoint = new URL(mcpUrl);
  return async (input, init) => {
    const response = await base(input, init);
    if (response.status !== 401 && response.status !== 403) return response;
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!sameEndpoint(url, endpoint)) return response;
    const params = extractWWWAuthenticateParams(response);
    onChallenge({
      status: response.status,
      ...(params.scope ? { scope: params.scope } : {}),
      ...(params.resourceMetadataUrl ? { resourceMetadataUrl: params.resourceMetadataUrl.toString() } : {}),
      ...(params.error ? { error: params.error } : {}),
      ...(challengeScheme(response) === "dpop" ? { scheme: "dpop" as const } : {}),
      at: Date.now(),
    });
    return response;
  };
}
