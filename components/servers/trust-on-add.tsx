"use client";

// On the add form, in local mode: trust the new server from the start. Ticked for a command,
// which runs with this machine's permissions anyway; not for a URL.
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { localTrustAvailable } from "@/components/invoke/confirm-call";

const noSubscription = (): (() => void) => () => undefined;

export function TrustOnAdd({
  transport,
  checked,
  onChange,
}: {
  transport: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}): ReactNode {
  // The page's mode never changes while it is open: nothing to subscribe to; false on the server.
  const available = useSyncExternalStore(noSubscription, localTrustAvailable, () => false);
  useEffect(() => onChange(transport === "stdio"), [transport, onChange]);
  if (!available) return null;
  return (
    <label className="flex items-start gap-2 text-[13px] text-zinc-700 dark:text-zinc-300">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-3.5 accent-indigo-600"
        data-testid="trust-on-add"
      />
      <span>
        Trust this server: run its tools without asking first, except those that declare themselves destructive. You can take this back on
        its page.
      </span>
    </label>
  );
}
