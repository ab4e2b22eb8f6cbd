import "server-only";
// What /mcp's 401 tells an MCP client (RFC 6750's WWW-Authenticate), kept apart from the front
// door that sends it.
import { agentOAuthAvailable, GATEWAY_PATH, protectedResourceMetadataUrl } from "@/lib/auth/agent-oauth";
import { appConfig } from "@/lib/config/env";

const warned = new Set<string>();
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`[toolscope] ${message}`);
}

/**
 * The challenge for a refused request to the MCP endpoint: a bearer token, and where to read how
 * to get one by OAuth (RFC 9728's resource_metadata), which MCP clients follow to Toolscope's own
 * authorization server. A token that was refused says so (invalid_token). Tokens are bound to
 * TOOLSCOPE_PUBLIC_URL's /mcp: an agent that reached Toolscope at another address could never
 * use one, so it is not sent into a flow that must fail, and the operator is told once what to set.
 */
export function gatewayChallenge(refusal: { code?: string }, host: string | null): Record<string, string> {
  const params = ['realm="Toolscope"'];
  if (refusal.code && refusal.code !== "unauthorized:token") params.push('error="invalid_token"');
  const publicUrl = appConfig().publicUrl;
  if (agentOAuthAvailable() && host?.toLowerCase() === new URL(publicUrl).host.toLowerCase())
    params.push(`resource_metadata="${protectedResourceMetadataUrl(GATEWAY_PATH)}"`, 'scope="call"');
  else if (agentOAuthAvailable())
    warnOnce(
      `an agent reached /mcp at ${host ?? "no host"}, not at TOOLSCOPE_PUBLIC_URL (${publicUrl}); OAuth for agents is offered only there. Set TOOLSCOPE_PUBLIC_URL to the address agents use, and have a reverse proxy pass the Host header on (nginx: proxy_set_header Host $host).`,
    );
  return { "www-authenticate": `Bearer ${params.join(", ")}` };
}
