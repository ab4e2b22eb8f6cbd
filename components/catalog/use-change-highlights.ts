"use client";

// Which tools were added or changed by the last refresh of the list (list_changed), and which
// were removed, for a few seconds, so the eye catches what moved.
import { useEffect, useRef, useState } from "react";
import type { Tool } from "@/lib/domain/mcp-types";

const HIGHLIGHT_MS = 5_000;

export type ChangeHighlights = { byName: Map<string, "added" | "changed">; removed: string[] };

const EMPTY: ChangeHighlights = { byName: new Map(), removed: [] };

export function useChangeHighlights(tools: Tool[] | undefined): ChangeHighlights {
  const previous = useRef<Map<string, string> | null>(null);
  const [highlights, setHighlights] = useState<ChangeHighlights>(EMPTY);
  // Kept outside the effect: a refresh that changes nothing must not cancel the fade of the
  // previous change (an effect's cleanup would, and the highlight would never go).
  const fade = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(fade.current), []);

  useEffect(() => {
    if (!tools) return;
    const current = new Map(tools.map((t) => [t.name, JSON.stringify(t)]));
    const before = previous.current;
    previous.current = current;
    if (!before) return;
    const byName = new Map<string, "added" | "changed">();
    for (const [name, json] of current) {
      const old = before.get(name);
      if (old === undefined) byName.set(name, "added");
      else if (old !== json) byName.set(name, "changed");
    }
    const removed = [...before.keys()].filter((name) => !current.has(name));
    if (byName.size === 0 && removed.length === 0) return;
    // The list just changed under the user's eyes: mark what moved, then let it fade.
    setHighlights({ byName, removed });
    clearTimeout(fade.current);
    fade.current = setTimeout(() => setHighlights(EMPTY), HIGHLIGHT_MS);
  }, [tools]);

  return highlights;
}
