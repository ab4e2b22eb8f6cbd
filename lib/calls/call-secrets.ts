import "server-only";
// The values one call must never store or show again, whatever part of the answer they come
// back in: those its arguments and _meta gave as secrets (lib/domain/redact.ts decides which),
// the server's own (its header and env values: lib/domain/server-config.ts), and the OAuth
// tokens its connection sends. A server that echoes one gets it replaced by "[redacted]" in
// its answer before the audit record is written and before the caller is answered.
import { echoRedactor, type EchoRedactor } from "@/lib/domain/redact-echoes";
import type { ServerConnection } from "@/lib/mcp/connection";
import { serverSecretValues } from "@/lib/domain/server-config";
import { readGrant } from "@/lib/oauth/oauth-store";

/** The OAuth tokens the connection sends (a URL server's, for the person or everyone it serves). */
async function oauthTokens(connection: ServerConnection): Promise<string[]> {
  if (connection.config.transport === "stdio") return [];
  // Grants are cached in the process; one that cannot be read is not sent either, so it cannot come back.
  const grant = await readGrant(connection.config.id, connection.principal).catch(() => undefined);
  const tokens = grant?.tokens;
  return [tokens?.access_token, tokens?.refresh_token, tokens?.id_token].filter((t): t is string => typeof t === "string");
}

/** The redactor of a call's answer: `given` are the secrets its arguments and _meta held. */
export async function callSecrets(connection: ServerConnection, given: Iterable<string>): Promise<EchoRedactor> {
  return echoRedactor([...given, ...serverSecretValues(connection.config), ...(await oauthTokens(connection))]);
}
