"use client";

// The calls made to each tool in this browser session, kept across navigation between tools
// (module state, not React state), so an earlier call's inputs are one click away.
import { useSyncExternalStore } from "react";
import type { InvocationStatus } from "@/lib/domain/mcp-types";

export type PastCall = {
  at: number;
  args: Record<string, unknown>;
  status: InvocationStatus | "failed";
  /** The verdict of the output check (InvocationResponse.outputValidation.verdict), to name the outcome as the result view does. */
  outputVerdict?: string;
  durationMs: number | null;
  auditId: string | null;
};

const MAX_PER_TOOL = 20;
const calls = new Map<string, PastCall[]>();
const listeners = new Set<() => void>();
const EMPTY: PastCall[] = [];

export function recordCall(key: string, call: PastCall): void {
  calls.set(key, [call, ...(calls.get(key) ?? [])].slice(0, MAX_PER_TOOL));
  for (const listener of listeners) listener();
}

export function useCallHistory(key: string): PastCall[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => calls.get(key) ?? EMPTY,
    () => EMPTY,
  );
}
