"use client";

// Which saved calls' tools need a confirmation before they run (the same rule as the form:
// confirm-call.tsx), read from each server's catalog once.
import { useEffect, useState } from "react";
import { confirmationReason, confirmationSkipped } from "@/components/invoke/confirm-call";
import { api } from "@/components/api/client";
import type { SavedCallView } from "@/lib/domain/saved-shapes";

/** savedCallId → why it needs confirming. */
export function useRiskyCalls(calls: SavedCallView[]): Map<string, string> {
  const [risky, setRisky] = useState<Map<string, string>>(new Map());
  const servers = [...new Set(calls.map((c) => c.serverId))].sort().join("\n");
  useEffect(() => {
    let live = true;
    const ids = servers ? servers.split("\n") : [];
    void Promise.all(
      ids.map((id) =>
        api("GET /api/servers/:serverId/tools", { params: { serverId: id } }).then(
          (r) => [id, r] as const,
          () => [id, null] as const,
        ),
      ),
    ).then((answers) => {
      if (!live) return;
      const catalogs = new Map(answers);
      const next = new Map<string, string>();
      for (const call of calls) {
        const catalog = catalogs.get(call.serverId);
        // Only a tool call can change anything: a read or a get never asks.
        const tool = call.kind === "call" ? catalog?.tools.find((t) => t.name === call.toolName) : undefined;
        const reason = tool ? confirmationReason(tool) : null;
        if (tool && reason && !confirmationSkipped(call.serverId, catalog?.server.trusted ?? false, tool)) next.set(call.id, reason);
      }
      setRisky(next);
    });
    return () => {
      live = false;
    };
    // Calls change on every refresh; what matters is which servers and tools they name.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [servers, calls.map((c) => `${c.id}:${c.toolName}`).join(",")]);
  return risky;
}
