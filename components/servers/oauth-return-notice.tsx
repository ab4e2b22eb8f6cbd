"use client";

// What happened at the authorization server, told once the browser is back (/oauth/callback
// adds ?oauth=authorized or ?oauth_error=… to the page it returns to). The error text may come
// from the authorization server: it is shown as text, prefixed as such.
import { Button } from "@/components/ui/button";
import { useSearchParams } from "next/navigation";
import { useState, type ReactNode } from "react";

export function OAuthReturnNotice(): ReactNode {
  const params = useSearchParams();
  const [dismissed, setDismissed] = useState(false);
  const authorized = params.get("oauth") === "authorized";
  const error = params.get("oauth_error");
  if (dismissed || (!authorized && !error)) return null;
  return (
    <div
      role={error ? "alert" : "status"}
      data-testid="oauth-return-notice"
      className={`mx-6 mt-4 flex items-start justify-between gap-3 rounded-md border p-2.5 text-[13px] ${
        error
          ? "border-rose-200 bg-rose-50 text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300"
          : "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-300"
      }`}
    >
      <span>
        {error
          ? `Authorization did not complete. ${error.slice(0, 500)}`
          : "Authorized. Toolscope is connecting with the new authorization."}
      </span>
      <Button aria-label="Dismiss" className="text-xs opacity-70 hover:opacity-100" onPress={() => setDismissed(true)}>
        ✕
      </Button>
    </div>
  );
}
