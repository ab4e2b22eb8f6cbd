"use client";

import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import { ApiError } from "@/lib/client/fetch-json";
import { startAuthorization, type PendingCall } from "./start-authorization";

/** Sends the browser to the server's authorization server (or reconnects at once when no one needs to be asked). */
export function AuthorizeButton({
  serverId,
  label = "Authorize",
  scope,
  target,
  pendingCall,
  secondary = false,
  onAuthorized,
  testId = "authorize-button",
}: {
  serverId: string;
  label?: string;
  scope?: string;
  target?: "me" | "shared";
  /** The call to run again on the way back (made when the button is clicked). */
  pendingCall?: () => PendingCall;
  secondary?: boolean;
  onAuthorized?: () => void;
  testId?: string;
}): ReactNode {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex flex-col gap-1">
      <Button
        isDisabled={busy}
        data-testid={testId}
        className={secondary ? BUTTON_SECONDARY : BUTTON_PRIMARY}
        onPress={async () => {
          setBusy(true);
          setError(null);
          try {
            const outcome = await startAuthorization(serverId, { scope, target, pendingCall: pendingCall?.() });
            if (outcome === "authorized") {
              setBusy(false);
              onAuthorized?.();
            }
          } catch (failure) {
            setBusy(false);
            setError(failure instanceof ApiError ? failure.message : String(failure));
          }
        }}
      >
        {busy ? "Opening the authorization server…" : label}
      </Button>
      {error && (
        <span role="alert" className="max-w-md text-xs text-rose-700 dark:text-rose-400" data-testid="authorize-error">
          {error}
        </span>
      )}
    </span>
  );
}
