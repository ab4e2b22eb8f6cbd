"use client";

// "Replay" from the audit log: /servers/{id}/tools/{name}?replay={auditId} opens the tool
// with the arguments that record holds. Secrets were redacted before storage, so those
// fields come back as "[redacted]" and must be typed again; the notice says so. `onArguments`
// must be stable (a state setter), or the record would be fetched on every render.
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { containsRedacted } from "@/lib/domain/redact";
import { api } from "@/components/api/client";

export type ReplayNotice = { auditId: string; redacted: boolean } | { auditId: string; error: string };

export function useReplay(toolName: string, onArguments: (args: Record<string, unknown>) => void): ReplayNotice | null {
  const auditId = useSearchParams().get("replay");
  const [notice, setNotice] = useState<ReplayNotice | null>(null);
  useEffect(() => {
    if (!auditId || !/^[0-9a-z]+$/.test(auditId)) return;
    let cancelled = false;
    api("GET /api/audit/:auditId", { params: { auditId } })
      .then(({ record }) => {
        if (cancelled) return;
        if (record.tool_name !== toolName) throw new Error(`that record is a call of ${record.tool_name}, not ${toolName}`);
        const args = typeof record.arguments === "object" && record.arguments !== null ? (record.arguments as Record<string, unknown>) : {};
        onArguments(args);
        setNotice({ auditId, redacted: containsRedacted(args) });
      })
      .catch((error: unknown) => {
        if (!cancelled) setNotice({ auditId, error: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [auditId, toolName, onArguments]);
  return notice;
}
