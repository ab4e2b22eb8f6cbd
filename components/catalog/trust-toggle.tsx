"use client";

// Whether the server is trusted, beside its name: one setting (the server's `trusted`) that
// decides whether Toolscope believes what the server says about its tools, and so what runs
// without asking, from the form and from agents (lib/domain/tool-rules.ts). Those who may manage
// servers switch it here; everyone else sees which it is.
import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";
import { useCan } from "@/components/auth/viewer";
import { forgetSkippedConfirmations } from "@/components/invoke/confirm-call";
import { api } from "@/components/api/client";
import type { ServerSnapshot } from "@/lib/domain/mcp-types";

export const TRUSTED_MEANS =
  "What it says about its tools is believed: here only tools that declare themselves destructive ask before running, and agents' calls wait for a person only when a tool may destroy data or reach the outside world.";
export const UNTRUSTED_MEANS =
  "What it says about its tools is not believed: agents' calls to any of its tools wait for a person, and here every tool that may be risky asks before running.";

const BADGE = "rounded-full border px-2 py-0.5 text-[11px] font-medium";
const TRUSTED_BADGE = `${BADGE} border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300`;
const UNTRUSTED_BADGE = `${BADGE} border-zinc-300 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300`;

/** Trusts the server or stops; resolves once saved. */
export async function setServerTrust(serverId: string, trusted: boolean): Promise<void> {
  await api("PATCH /api/servers/:serverId", { params: { serverId }, body: { trusted } });
  if (!trusted) forgetSkippedConfirmations(serverId);
}

export function TrustToggle({ server, onChanged }: { server: ServerSnapshot; onChanged: () => void }): ReactNode {
  const canManage = useCan("servers:manage");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changeable = canManage && server.source === "database";
  const means = server.trusted ? TRUSTED_MEANS : UNTRUSTED_MEANS;
  if (!changeable) {
    const why = server.source === "database" ? "" : " Set in its configuration file or the environment.";
    return (
      <span className={server.trusted ? TRUSTED_BADGE : UNTRUSTED_BADGE} title={`${means}${why}`} data-testid="trust-state">
        {server.trusted ? "✓ Trusted" : "Not trusted"}
      </span>
    );
  }
  const toggle = (): void => {
    setSaving(true);
    setError(null);
    setServerTrust(server.id, !server.trusted)
      .then(onChanged)
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)))
      .finally(() => setSaving(false));
  };
  return (
    <>
      <Button
        onPress={toggle}
        isDisabled={saving}
        data-testid={server.trusted ? "trust-badge" : "trust-server"}
        title={`${means} Click to ${server.trusted ? "stop trusting it" : "trust it"}.`}
        className={`${server.trusted ? TRUSTED_BADGE : UNTRUSTED_BADGE} hover:opacity-80 disabled:opacity-60`}
      >
        {server.trusted ? "✓ Trusted" : "Trust this server"}
        <span className="sr-only">{server.trusted ? ` (stop trusting ${server.name})` : ` (${server.name})`}</span>
      </Button>
      {error && (
        <span role="alert" className="text-rose-700 dark:text-rose-400">
          {error}
        </span>
      )}
    </>
  );
}
