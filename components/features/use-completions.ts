"use client";

// Suggestions for one argument of a prompt or a resource template, from the server's
// completion/complete (when it declares `completions`): asked 250 ms after the last keystroke in
// this field (each ask is audited, so never for a field nobody typed in, nor again because
// another field changed), with the other arguments given so far as context, the latest answer
// winning.
import { useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";

const DEBOUNCE_MS = 250;

export type CompletionRef = { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string };

/** `enabled`: the server completes, and this field was typed in. */
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
  // Read when the ask is sent, not a reason to ask again.
  const latestContext = useRef(context);
  useEffect(() => {
    latestContext.current = context;
  });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const given = Object.fromEntries(Object.entries(latestContext.current).filter(([key, v]) => key !== name && v !== ""));
      api("POST /api/servers/:serverId/completions", {
        params: { serverId },
        signal: controller.signal,
        body: {
          ref: JSON.parse(refKey) as CompletionRef,
          argument: { name, value },
          ...(Object.keys(given).length ? { context: { arguments: given } } : {}),
        },
      })
        .then((answer) => setValues(answer.result?.completion.values.slice(0, 100) ?? []))
        // A suggestion that does not come is no error to show: the field still takes any value.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [serverId, enabled, refKey, name, value]);
  return enabled ? values : [];
}
