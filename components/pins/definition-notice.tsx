"use client";

// On a tool's page: whether its definition waits for approval (changed since it was approved, new
// and flagged by the poisoning scan, or waiting for the model judge's verdict) and whether calls
// are held until then, with a link to the report card where an admin sees what changed and
// approves.
import Link from "next/link";
import { useCallback, type ReactNode } from "react";
import { api } from "@/components/api/client";
import type { PendingDefinition } from "@/lib/domain/definition-pins";
import { useApiData } from "@/components/ui/use-api-data";

/** This tool's definition waiting for approval, if it changed or was flagged (a first or new one is not news on its page). */
export function usePendingDefinition(serverId: string, toolName: string, refreshKey: unknown): PendingDefinition | null {
  const load = useCallback(
    () => api("GET /api/servers/:serverId/definitions", { params: { serverId } }),
    // A new list may change what waits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [serverId, refreshKey],
  );
  const { data } = useApiData(load);
  return (
    data?.pending.find((p) => p.tool === toolName && (p.reason === "changed" || p.reason === "flagged" || p.reason === "judging")) ?? null
  );
}

export function DefinitionNotice({ serverId, pending }: { serverId: string; pending: PendingDefinition }): ReactNode {
  const what =
    pending.reason === "changed"
      ? `This tool's definition changed since it was approved (${pending.changes
          .map((c) => c.path.replace(/^\./, "").split(/[.[]/)[0])
          .filter((v, i, all) => all.indexOf(v) === i)
          .join(", ")}).`
      : pending.reason === "judging"
        ? "This tool's definition waits for the model judge's verdict."
        : "This tool is new and failed the poisoning scan.";
  return (
    <p
      role="note"
      data-testid="definition-notice"
      data-held={pending.held}
      className={`mt-4 rounded-md border p-2.5 text-[13px] ${
        pending.held
          ? "border-rose-200 bg-rose-50 text-rose-800 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300"
          : "border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-300"
      }`}
    >
      {what} {pending.held ? "Calls are held until an admin approves it." : "Calls still go through on this server."}{" "}
      <Link href={`/servers/${encodeURIComponent(serverId)}/report`} className="font-medium underline underline-offset-2">
        See what changed on the report card
      </Link>
      .
    </p>
  );
}
