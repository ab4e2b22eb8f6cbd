"use client";

// Deep links to a tool with its arguments filled in: /servers/{id}/tools/{name}?args={json}. The
// arguments are checked against the tool's input schema and put in the form; nothing runs until
// the person clicks Run. A link is written with secret fields (writeOnly, format: password)
// redacted, so a link never carries one; they come back as "[redacted]" to type again.
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { containsRedacted, redactArguments } from "@/lib/domain/redact";

export type LinkNotice = { ok: true; redacted: boolean } | { ok: false; error: string };

/** Reads `?args=`; `onArguments` must be stable (a state setter). */
export function useLinkArguments(onArguments: (args: Record<string, unknown>) => void): LinkNotice | null {
  const raw = useSearchParams().get("args");
  const [notice, setNotice] = useState<LinkNotice | null>(null);
  useEffect(() => {
    if (raw === null) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      queueMicrotask(() =>
        setNotice({ ok: false, error: `the args parameter is not JSON (${error instanceof Error ? error.message : String(error)})` }),
      );
      return;
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      queueMicrotask(() => setNotice({ ok: false, error: "the args parameter must be a JSON object of the tool's arguments" }));
      return;
    }
    const args = parsed as Record<string, unknown>;
    queueMicrotask(() => {
      onArguments(args);
      setNotice({ ok: true, redacted: containsRedacted(args) });
    });
  }, [raw, onArguments]);
  return raw === null ? null : notice;
}

/** The link to a tool with these arguments (secret fields redacted). */
export function toolLink(origin: string, serverId: string, toolName: string, args: Record<string, unknown>, inputSchema: unknown): string {
  const shown = redactArguments(args, inputSchema) as Record<string, unknown>;
  const query = Object.keys(shown).length ? `?args=${encodeURIComponent(JSON.stringify(shown))}` : "";
  return `${origin}/servers/${encodeURIComponent(serverId)}/tools/${encodeURIComponent(toolName)}${query}`;
}
