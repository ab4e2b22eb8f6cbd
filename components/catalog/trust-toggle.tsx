"use client";

// "Trust this server", in local mode: once trusted, Toolscope stops asking before calls to its
// tools, except those that declare themselves destructive. Shown as a badge that takes it back.
import { useEffect, useState, type ReactNode } from "react";
import { localTrustAvailable, serverTrustedHere, setServerTrustedHere } from "@/components/invoke/confirm-call";

export function TrustToggle({ serverId, serverName }: { serverId: string; serverName: string }): ReactNode {
  const [state, setState] = useState<{ available: boolean; trusted: boolean }>({ available: false, trusted: false });
  useEffect(() => {
    const read = (): void => setState({ available: localTrustAvailable(), trusted: serverTrustedHere(serverId) });
    read();
    window.addEventListener("toolscope:trust", read);
    window.addEventListener("storage", read);
    return () => {
      window.removeEventListener("toolscope:trust", read);
      window.removeEventListener("storage", read);
    };
  }, [serverId]);
  if (!state.available) return null;
  return state.trusted ? (
    <button
      type="button"
      onClick={() => setServerTrustedHere(serverId, false)}
      data-testid="trust-badge"
      title={`You trust ${serverName}: calls run without asking, except tools that declare themselves destructive. Click to stop trusting it.`}
      className="rounded-full border border-emerald-300 bg-emerald-50 px-2 py-0.5 text-[11px] font-medium text-emerald-800 hover:bg-emerald-100 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300"
    >
      ✓ Trusted <span className="sr-only">(stop trusting {serverName})</span>
    </button>
  ) : (
    <button
      type="button"
      onClick={() => setServerTrustedHere(serverId, true)}
      data-testid="trust-server"
      title="Stop asking before calls to this server's tools, except those that declare themselves destructive"
      className="rounded-full border border-zinc-300 px-2 py-0.5 text-[11px] text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-900"
    >
      Trust this server
    </button>
  );
}
