"use client";

// Starting an OAuth authorization from the browser: Toolscope's server builds the request and
// answers where to send the browser; the authorization server sends it back to /oauth/callback,
// which returns to `returnTo`. A call waiting for more access is kept in this tab's session
// storage meanwhile, so that it can run again on the way back.
import { api } from "@/components/api/client";

export type PendingCall = { serverId: string; toolName: string; args: Record<string, unknown>; at: number };

const PENDING_KEY = "toolscope:call-after-authorization";
const PENDING_MAX_AGE_MS = 15 * 60_000;

export async function startAuthorization(
  serverId: string,
  options: { scope?: string; target?: "me" | "shared"; returnTo?: string; pendingCall?: PendingCall } = {},
): Promise<"redirected" | "authorized"> {
  const returnTo = options.returnTo ?? `${window.location.pathname}${window.location.search}`;
  const answer = await api("POST /api/servers/:serverId/oauth/authorize", {
    params: { serverId },
    body: {
      returnTo,
      ...(options.scope ? { scope: options.scope } : {}),
      ...(options.target ? { target: options.target } : {}),
    },
  });
  if (answer.kind === "authorized") return "authorized";
  if (options.pendingCall) sessionStorage.setItem(PENDING_KEY, JSON.stringify(options.pendingCall));
  window.location.assign(answer.authorizationUrl);
  return "redirected";
}

/** The call kept before authorizing, once (it is forgotten as it is read), if it is this tool's and recent. */
export function takePendingCall(serverId: string, toolName: string): PendingCall | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  if (!raw) return null;
  try {
    const pending = JSON.parse(raw) as PendingCall;
    if (pending.serverId !== serverId || pending.toolName !== toolName) return null;
    sessionStorage.removeItem(PENDING_KEY);
    return Date.now() - pending.at < PENDING_MAX_AGE_MS ? pending : null;
  } catch {
    sessionStorage.removeItem(PENDING_KEY);
    return null;
  }
}
