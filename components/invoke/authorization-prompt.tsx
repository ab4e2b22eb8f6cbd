"use client";

// Shown under a call the server refused for want of authorization: a 401 with no token Toolscope
// can use, or a 403 insufficient_scope (step-up). Authorizing keeps the call's arguments in this
// tab; the tool page runs the call again when the browser comes back.
import type { ReactNode } from "react";
import { AuthorizeButton } from "@/components/servers/authorize-button";

export type CallAuthorization = { kind: "insufficient_scope"; requiredScope: string | null } | { kind: "unauthorized" };

/** What a call response's error says about authorization, if anything. */
export function callAuthorization(error: { data?: unknown } | undefined): CallAuthorization | null {
  const authorization = (error?.data as { authorization?: CallAuthorization } | undefined)?.authorization;
  return authorization && (authorization.kind === "insufficient_scope" || authorization.kind === "unauthorized") ? authorization : null;
}

export function AuthorizationPrompt({
  serverId,
  serverName,
  toolName,
  authorization,
  args,
}: {
  serverId: string;
  serverName: string;
  toolName: string;
  authorization: CallAuthorization;
  args: Record<string, unknown>;
}): ReactNode {
  const stepUp = authorization.kind === "insufficient_scope";
  return (
    <div
      role="alert"
      data-testid="authorization-prompt"
      className="mt-4 rounded-md border border-sky-200 bg-sky-50 p-3 text-[13px] text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200"
    >
      <p>
        {stepUp
          ? `${serverName} needs more access for this call${authorization.requiredScope ? ` (scope: ${authorization.requiredScope})` : ""}.`
          : `${serverName} asks for authorization before this call.`}{" "}
        Toolscope sends you to its authorization server, then brings you back here and runs the call again.
      </p>
      <div className="mt-2">
        <AuthorizeButton
          serverId={serverId}
          label={stepUp ? "Authorize more access and run again" : "Authorize and run again"}
          scope={stepUp ? (authorization.requiredScope ?? undefined) : undefined}
          pendingCall={() => ({ serverId, toolName, args, at: Date.now() })}
          testId="step-up-authorize"
        />
      </div>
    </div>
  );
}
