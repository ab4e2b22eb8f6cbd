"use client";

// Suggestions for one argument of a prompt or a resource template, from the server's
// completion/complete (when it declares `completions`): asked 250 ms after the last keystroke,
// with the other arguments given so far as context, the latest answer winning.
import { useEffect, useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import type { CompletionResponse } from "@/lib/domain/server-features";

const DEBOUNCE_MS = 250;

export type CompletionRef = { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string };

export function useCompletions(
  serverId: string,
  enabled: boolean,
  ref: CompletionRef,
  name: string,
  value: string,
  context: Record<string, string>,
): string[] {
  const [values, setValues] = useState<string[]>([]);
  const refKey = JSON.stringify(ref);
  const contextKey = JSON.stringify(Object.fromEntries(Object.entries(context).filter(([key, v]) => key !== name && v !== "")));
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const given = JSON.parse(contextKey) as Record<string, string>;
      fetchJson<CompletionResponse>(`/api/servers/${encodeURIComponent(serverId)}/completions`, {
        method: "POST",
        signal: controller.signal,
        body: JSON.stringify({
          ref: JSON.parse(refKey) as CompletionRef,
          argument: { name, value },
          ...(Object.keys(given).length ? { context: { arguments: given } } : {}),
        }),
      })
        .then((answer) => setValues(answer.result?.completion.values.slice(0, 100) ?? []))
        // A suggestion that does not come is no error to show: the field still takes any value.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [serverId, enabled, refKey, name, value, contextKey]);
  return enabled ? values : [];
}
