"use client";

// "Pre-approve for Present", in local mode: the person using this Toolscope approves a
// collection's calls once, and Present (and Run all) then runs them without a dialog. Every call
// is still audited. The approval covers the calls as they were when it was given: a call added
// later, or one whose tool was swapped, asks as before. Kept in this browser; hosted, the server's
// policy decides alone.
import { useEffect, useState } from "react";

/** Local mode: the one person using this Toolscope may approve for themselves. */
function localTrustAvailable(): boolean {
  return typeof document !== "undefined" && document.documentElement.dataset.authMode === "local";
}

const KEY = (collectionId: string): string => `toolscope.preapproved.${collectionId}`;
const EVENT = "toolscope:preapproval";

type Call = { id: string; serverId: string; toolName: string };

const callKey = (call: Call): string => `${call.id}\n${call.serverId}\n${call.toolName}`;

function read(collectionId: string): Set<string> {
  if (!localTrustAvailable()) return new Set();
  try {
    const kept: unknown = JSON.parse(window.localStorage.getItem(KEY(collectionId)) ?? "[]");
    return new Set(Array.isArray(kept) ? kept.filter((k): k is string => typeof k === "string") : []);
  } catch {
    return new Set();
  }
}

/** Approves these calls of the collection (all it holds now), or withdraws the approval. */
export function setPreapproved(collectionId: string, calls: readonly Call[] | null): void {
  if (calls && calls.length) window.localStorage.setItem(KEY(collectionId), JSON.stringify(calls.map(callKey)));
  else window.localStorage.removeItem(KEY(collectionId));
  window.dispatchEvent(new Event(EVENT));
}

export type Preapproval = {
  /** Whether pre-approval can be given here (local mode). */
  available: boolean;
  /** Whether this call runs without asking. */
  covers: (call: Call) => boolean;
  /** How many calls the approval covers. */
  count: number;
};

export function usePreapproval(collectionId: string): Preapproval {
  const [state, setState] = useState<{ available: boolean; keys: Set<string> }>({ available: false, keys: new Set() });
  useEffect(() => {
    const update = (): void => setState({ available: localTrustAvailable(), keys: read(collectionId) });
    update();
    window.addEventListener(EVENT, update);
    window.addEventListener("storage", update);
    return () => {
      window.removeEventListener(EVENT, update);
      window.removeEventListener("storage", update);
    };
  }, [collectionId]);
  return { available: state.available, covers: (call) => state.keys.has(callKey(call)), count: state.keys.size };
}
