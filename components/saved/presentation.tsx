"use client";

// Presentation mode (issue 17): a collection shown to stakeholders, one call at a time, with
// large type and no admin chrome; the form and the result side by side. → or N steps to the
// next call, ← or P back, Enter runs the call (outside a field), Esc leaves.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { ConfirmCall, confirmationReason, confirmationSkipped } from "@/components/invoke/confirm-call";
import { ResultView } from "@/components/invoke/result-view";
import { runTool } from "@/components/invoke/run-tool";
import { ToolForm } from "@/components/invoke/tool-form";
import { api } from "@/components/api/client";
import { ApiError } from "@/lib/client/fetch-json";
import type { InvocationResponse, ToolsResponse } from "@/lib/domain/mcp-types";
import { runChecks } from "@/lib/domain/saved-checks";
import { withoutSecrets } from "@/lib/domain/saved-secret-fields";
import { containsRedacted } from "@/lib/domain/redact";
import type { CollectionView } from "@/lib/domain/saved-shapes";
import { usePreapproval } from "./preapproval";
import { PresentationChecks, PresentedFeature } from "./presented-feature";
import { toolDisplayName } from "@/lib/domain/tool-hints";

function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT", "BUTTON"].includes(target.tagName));
}

export function Presentation({ collection }: { collection: CollectionView }): ReactNode {
  const router = useRouter();
  const [index, setIndex] = useState(0);
  const [catalogs, setCatalogs] = useState<Map<string, ToolsResponse | null>>(new Map());
  const [values, setValues] = useState<Record<string, Record<string, unknown>>>(() =>
    // Secret fields start empty: the presenter types them (the placeholder is never sent).
    Object.fromEntries(collection.calls.map((c) => [c.id, withoutSecrets(c.arguments, c.secretFields)])),
  );
  const [responses, setResponses] = useState<Record<string, InvocationResponse>>({});
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const call = collection.calls[index];
  const catalog = call ? catalogs.get(call.serverId) : undefined;
  const tool = call ? catalog?.tools.find((t) => t.name === call.toolName) : undefined;
  const back = `/saved/collections/${collection.id}`;
  const approval = usePreapproval(collection.id);

  useEffect(() => {
    for (const serverId of new Set(collection.calls.map((c) => c.serverId)))
      api("GET /api/servers/:serverId/tools", { params: { serverId } }).then(
        (r) => setCatalogs((m) => new Map(m).set(serverId, r)),
        () => setCatalogs((m) => new Map(m).set(serverId, null)),
      );
  }, [collection.calls]);

  const execute = useCallback(async () => {
    if (!call) return;
    setConfirming(false);
    setRunning(true);
    setError(null);
    try {
      const response = await runTool(call.serverId, call.toolName, values[call.id] ?? {}, {
        signal: new AbortController().signal,
        onStarted: () => undefined,
        onProgress: () => undefined,
        onInput: () => undefined,
      });
      setResponses((r) => ({ ...r, [call.id]: response }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setRunning(false);
    }
  }, [call, values]);

  const run = useCallback(() => {
    if (!call || !tool || running) return;
    if (containsRedacted(values[call.id])) {
      setError("Type the secret fields first: a saved call never keeps them, and the placeholder is never sent.");
      return;
    }
    const asks = confirmationReason(tool) && !confirmationSkipped(call.serverId, catalog?.server.trusted ?? false, tool);
    if (asks && !approval.covers(call)) setConfirming(true);
    else void execute();
  }, [call, tool, running, catalog, execute, values, approval]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (confirming || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "Escape") return router.push(back);
      if (typing(e.target)) return;
      const step =
        e.key === "ArrowRight" || e.key === "PageDown" || e.key === "n"
          ? 1
          : e.key === "ArrowLeft" || e.key === "PageUp" || e.key === "p"
            ? -1
            : 0;
      if (step) {
        e.preventDefault();
        setError(null);
        setIndex((i) => Math.min(collection.calls.length - 1, Math.max(0, i + step)));
      } else if (e.key === "Enter") {
        e.preventDefault();
        // Through the form's own button, so its validation (a required secret left empty) comes first.
        document.querySelector<HTMLButtonElement>("[data-testid=presentation] [data-testid=run-button]")?.click();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [confirming, router, back, collection.calls.length]);

  const response = call ? responses[call.id] : undefined;
  const checks = call && response && call.checks.length ? runChecks(call.checks, response) : null;
  return (
    <div className="fixed inset-0 z-40 flex flex-col bg-white text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100" data-testid="presentation">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-zinc-200 px-4 py-3 sm:px-8 dark:border-zinc-800">
        <span className="text-sm font-medium text-muted">{collection.name}</span>
        <span className="font-mono text-sm text-muted" data-testid="presentation-position">
          {collection.calls.length ? `${index + 1} / ${collection.calls.length}` : "0 / 0"}
        </span>
        {approval.count > 0 && (
          <span
            className="rounded-full border border-emerald-300 px-2 py-0.5 text-[11px] text-emerald-800 dark:border-emerald-800 dark:text-emerald-300"
            data-testid="presentation-preapproved"
          >
            Pre-approved
          </span>
        )}
        <span className="ml-auto text-xs text-muted">→ next · ← previous · Enter run · Esc leave</span>
        <Link href={back} className="text-xs text-muted hover:underline">
          Leave
        </Link>
      </header>
      {!call ? (
        <p className="m-auto text-xl text-muted">This collection has no calls you may see.</p>
      ) : call.kind !== "call" ? (
        <div className="grid min-h-0 flex-1 grid-cols-1 gap-8 overflow-y-auto px-4 py-6 sm:px-8 lg:grid-cols-2 lg:overflow-hidden">
          <PresentedFeature key={call.id} call={call} />
        </div>
      ) : (
        <div className="grid min-h-0 flex-1 grid-cols-1 gap-8 overflow-y-auto px-4 py-6 sm:px-8 lg:grid-cols-2 lg:overflow-hidden">
          <section className="min-h-0 overflow-x-hidden overflow-y-auto px-1" aria-label="Call">
            <h1 className="text-3xl font-semibold tracking-tight" data-testid="presentation-title">
              {call.name}
            </h1>
            <p className="mt-2 text-lg text-muted">
              {tool ? toolDisplayName(tool) : call.toolName} · {catalog?.server.name ?? call.serverId}
            </p>
            {call.note && <p className="mt-3 text-lg text-zinc-600 dark:text-zinc-300">{call.note}</p>}
            <div className="mt-6 text-base [zoom:1.25]">
              {tool ? (
                <ToolForm
                  key={call.id}
                  tool={tool}
                  value={values[call.id] ?? {}}
                  onChange={(v) => setValues((all) => ({ ...all, [call.id]: v }))}
                  onSubmit={() => run()}
                  running={running}
                />
              ) : (
                <p className="text-muted">{catalog === null ? `${call.serverId} cannot be reached.` : "Loading the tool…"}</p>
              )}
            </div>
          </section>
          <section className="min-h-0 overflow-y-auto" aria-label="Result">
            <PresentationChecks checks={checks} />
            {error && <p className="text-lg text-rose-600">{error}</p>}
            {response ? (
              <div className="[zoom:1.25]">
                <ResultView response={response} serverId={call.serverId} />
              </div>
            ) : (
              <p className="mt-24 text-center text-xl text-muted">{running ? "Running…" : "Press Enter to run"}</p>
            )}
          </section>
        </div>
      )}
      {confirming && call && tool && (
        <ConfirmCall
          tool={tool}
          serverId={call.serverId}
          serverName={catalog?.server.name ?? call.serverId}
          trusted={catalog?.server.trusted ?? false}
          args={values[call.id] ?? {}}
          reason={confirmationReason(tool) ?? ""}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void execute()}
        />
      )}
    </div>
  );
}
