"use client";

// The Read side of the resources page: what the last read of the chosen resource answered and,
// where the server offers subscriptions, a watch. Each time the server says the resource changed
// it is read again (through the call pipeline, audited as any read) and what changed is shown.
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { ReadResourceResult } from "@/lib/domain/server-features";
import { BUTTON_SECONDARY, ERROR_NOTE } from "@/components/ui/classes";
import { useCatalog } from "@/components/catalog/catalog-context";
import { timeAgo } from "@/components/ui/time-ago";
import { FeatureAnswerHeader } from "./feature-answer";
import { ResourceContents } from "./resource-contents";
import { ResourceChanges } from "./resource-changes";
import { contentChanges, type ContentChange } from "./content-changes";
import { useFeatureRequest } from "./use-feature-request";
import { useResourceWatch, type WatchState } from "./use-resource-watch";
import { ToggleButton } from "@/components/ui/toggle-button";
import { useNow } from "@/components/ui/use-now";

/** What to read: a new `nonce` reads the same URI again. */
export type ReadTarget = { uri: string; nonce: number };

function WatchStatus({ state }: { state: WatchState }): ReactNode {
  const now = useNow(1_000, state.phase === "watching");
  switch (state.phase) {
    case "off":
      return null;
    case "starting":
      return <span>Asking the server to watch it…</span>;
    case "watching":
      return (
        <span title={`Asked with ${state.method} at ${new Date(state.since).toLocaleTimeString()}`}>
          Watching ({state.method}) ·{" "}
          <span data-testid="resource-watch-updated">
            {state.lastUpdate
              ? `updated ${timeAgo(now - Date.parse(state.lastUpdate), true)} · ${state.updates} update${state.updates === 1 ? "" : "s"}`
              : "no change yet"}
          </span>
        </span>
      );
    case "interrupted":
      return <span>{state.reason} Watching again…</span>;
    case "refused":
      return <span className={ERROR_NOTE}>{state.message}</span>;
  }
}

export function ResourceReadPanel({ serverId, target }: { serverId: string; target: ReadTarget | null }): ReactNode {
  const read = useFeatureRequest<"POST /api/servers/:serverId/resources/read">();
  const capabilities = useCatalog().data?.server.capabilities;
  const canWatch = Boolean((capabilities?.resources as { subscribe?: boolean } | undefined)?.subscribe);
  const [watching, setWatching] = useState(false);
  const [changes, setChanges] = useState<ContentChange[] | null>(null);
  const last = useRef<ReadResourceResult | null>(null);
  const { send } = read;

  const readNow = useCallback(
    async (live: boolean) => {
      if (!target) return;
      const answer = await send("POST /api/servers/:serverId/resources/read", serverId, { uri: target.uri }, { keep: live });
      if (!answer?.result) return;
      setChanges(live && last.current ? contentChanges(last.current, answer.result) : null);
      last.current = answer.result;
    },
    [send, serverId, target],
  );
  useEffect(() => {
    void readNow(false);
  }, [readNow]);
  const panel = useRef<HTMLElement>(null);
  const shown = useRef(false);
  const answered = read.response !== null;
  useEffect(() => {
    // Below the lists on a narrow screen: the first answer for a resource just picked is brought into view (once: a
    // watch's re-reads stay put). The section is positioned, so that its screen-reader status line stays inside the
    // page's scroller: outside it, it made the document itself scroll, and this took the whole app off the screen.
    if (!answered || shown.current) return;
    shown.current = true;
    if (window.matchMedia("(max-width: 1023px)").matches) panel.current?.scrollIntoView({ block: "start" });
  }, [answered]);
  const watch = useResourceWatch(serverId, target?.uri ?? null, watching, () => void readNow(true));

  return (
    <section
      ref={panel}
      className="relative mt-6 min-w-0 lg:sticky lg:top-4 lg:max-h-[calc(100dvh-6rem)] lg:self-start lg:overflow-y-auto"
      aria-label="Read"
      data-testid="resource-read"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-sm font-semibold">Read</h2>
        {target && canWatch && (
          <ToggleButton className={BUTTON_SECONDARY} pressed={watching} onChange={setWatching}>
            {watching ? "✓ Watching" : "Watch"}
          </ToggleButton>
        )}
      </div>
      {/* Announced in a word, not the whole contents. */}
      <p role="status" className="sr-only">
        {read.running ? "Reading…" : read.response ? `Read: ${read.response.status === "ok" ? "done" : read.response.status}` : ""}
      </p>
      {!target && <p className="mt-2 text-[13px] text-muted">Read a resource to see its contents here.</p>}
      {target && <div className="mt-2 font-mono text-xs break-all text-muted">{target.uri}</div>}
      {target && !canWatch && (
        <p className="mt-1 text-xs text-muted">This server does not offer subscriptions: read it again to see whether it changed.</p>
      )}
      {watch.phase !== "off" && (
        <p className="mt-1 text-xs text-muted" data-testid="resource-watch-status">
          <WatchStatus state={watch} />
        </p>
      )}
      {read.running && !read.response && <p className="mt-2 text-[13px] text-muted">Reading…</p>}
      {read.requestError && <p className={`${ERROR_NOTE} mt-2`}>{read.requestError}</p>}
      {read.response && target && (
        <div className="mt-2 space-y-3">
          <FeatureAnswerHeader
            response={read.response}
            save={{
              serverId,
              kind: "resource_read",
              toolName: target.uri,
              args: { uri: target.uri },
              suggestedName: target.uri,
              hasOutputSchema: false,
            }}
          />
          {changes && <ResourceChanges changes={changes} />}
          {read.response.result && <ResourceContents result={read.response.result} serverId={serverId} />}
        </div>
      )}
    </section>
  );
}
