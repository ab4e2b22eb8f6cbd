import "server-only";
// Whose authorization a request uses, and the provider a connection is given. Until people have
// accounts there is one principal, SHARED. Once they do, each person authorizes for themselves
// (their calls use their token) unless an admin set the server's authorization to shared;
// client_credentials is always shared (no person is involved).
import { appConfig } from "@/lib/config/env";
import { authMode } from "@/lib/auth/mode";
import type { Caller } from "@/lib/auth/roles";
import type { UrlConfig } from "@/lib/mcp/server-config";
import { journalFor } from "./journal";
import { ToolscopeOAuthProvider, type ProviderRole } from "./oauth-provider";
import { SHARED, type Principal } from "./oauth-store";

export const CALLBACK_PATH = "/oauth/callback";
export const CLIENT_METADATA_PATH = "/oauth/client-metadata.json";

export function callbackUrl(): string {
  return `${appConfig().publicUrl}${CALLBACK_PATH}`;
}

/** Whether a server's authorization is one for everyone, whoever asks. */
export function sharedOnly(config: UrlConfig): boolean {
  return config.oauth?.grant === "client_credentials" || config.oauth?.sharing === "shared";
}

/** The principal a caller's requests to a server use. */
export async function principalFor(config: UrlConfig, caller: Caller | undefined): Promise<Principal> {
  if (!caller?.userId || sharedOnly(config)) return SHARED;
  return (await authMode()) === "accounts" ? caller.userId : SHARED;
}

/**
 * Whether the shared authorization may be used: always until people have accounts, and then
 * only where an admin chose it. (Tokens a developer got on their laptop do not become everyone's
 * when the Toolscope is later shared.)
 */
export async function sharedAuthorizationInUse(config: UrlConfig): Promise<boolean> {
  return sharedOnly(config) || (await authMode()) !== "accounts";
}

export function oauthProvider(config: UrlConfig, principal: Principal, role: ProviderRole): ToolscopeOAuthProvider {
  return new ToolscopeOAuthProvider(
    {
      serverId: config.id,
      serverUrl: config.url,
      principal,
      settings: config.oauth,
      redirectUrl: callbackUrl(),
      clientMetadataUrl: appConfig().oauthClientMetadataUrl,
      journal: journalFor(config.id, principal),
      sharedInUse: principal === SHARED ? () => sharedAuthorizationInUse(config) : async () => true,
    },
    role,
  );
}
