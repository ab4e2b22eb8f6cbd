"use client";

// Present mode for a saved resource read or prompt get: what it asks (the URI, or the prompt's
// arguments, each a field to change while presenting) beside its answer, drawn as its own page
// draws it. Nothing to confirm: neither changes anything on the server.
import { Button } from "@/components/ui/button";
import { useState, type FormEvent, type ReactNode } from "react";
import { BUTTON_PRIMARY, INPUT } from "@/components/ui/classes";
import { useFeatureRequest, type FeatureRoute } from "@/components/features/use-feature-request";
import { runChecks } from "@/lib/domain/saved-checks";
import { withoutSecrets } from "@/lib/domain/saved-secret-fields";
import { SAVED_KIND_LABELS } from "@/lib/domain/saved-kinds";
import type { SavedCallView } from "@/lib/domain/saved-shapes";
import { SavedAnswer } from "./saved-answer";

export function PresentedFeature({ call }: { call: SavedCallView }): ReactNode {
  // A secret field starts empty: the presenter types it (the placeholder is never sent).
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      Object.entries(withoutSecrets(call.arguments, call.secretFields)).map(([k, v]) => [k, v === undefined ? "" : String(v)]),
    ),
  );
  const request = useFeatureRequest<FeatureRoute>();
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (call.kind === "resource_read")
      void request.send("POST /api/servers/:serverId/resources/read", call.serverId, { uri: values.uri ?? "" });
    else void request.send("POST /api/servers/:serverId/prompts/get", call.serverId, { name: call.toolName, arguments: values });
  };
  const answer = request.response;
  const checks = answer && call.checks.length ? runChecks(call.checks, answer) : null;
  return (
    <>
      <section className="min-h-0 overflow-y-auto" aria-label="Call">
        <h1 className="text-3xl font-semibold tracking-tight" data-testid="presentation-title">
          {call.name}
        </h1>
        <p className="mt-2 text-lg text-muted">
          {SAVED_KIND_LABELS[call.kind]} · <span className="font-mono">{call.toolName}</span> · {call.serverId}
        </p>
        {call.note && <p className="mt-3 text-lg text-zinc-600 dark:text-zinc-300">{call.note}</p>}
        <form className="mt-6 space-y-3 text-base" onSubmit={submit} aria-label={`${SAVED_KIND_LABELS[call.kind]} ${call.name}`}>
          {Object.keys(values).map((name) => (
            <label key={name} className="block">
              <span className="mb-1 block text-sm font-medium">{name}</span>
              <input
                className={`${INPUT} font-mono`}
                value={values[name]}
                required={call.secretFields.includes(`/${name}`) || call.kind === "resource_read"}
                onChange={(e) => setValues((current) => ({ ...current, [name]: e.target.value }))}
              />
            </label>
          ))}
          <Button type="submit" className={BUTTON_PRIMARY} isDisabled={request.running} data-testid="run-button">
            {request.running ? "Running…" : call.kind === "resource_read" ? "Read" : "Get prompt"}
          </Button>
        </form>
      </section>
      <section className="min-h-0 overflow-y-auto" aria-label="Result">
        <PresentationChecks checks={checks} />
        {request.requestError && <p className="text-lg text-rose-600">{request.requestError}</p>}
        {answer ? (
          <div className="[zoom:1.25]">
            <SavedAnswer kind={call.kind} answer={answer} serverId={call.serverId} />
          </div>
        ) : (
          <p className="mt-24 text-center text-xl text-muted">{request.running ? "Running…" : "Press Enter to run"}</p>
        )}
      </section>
    </>
  );
}

/** Whether a presented call's checks held, large enough to read across a room. */
export function PresentationChecks({ checks }: { checks: ReturnType<typeof runChecks> | null }): ReactNode {
  if (!checks) return null;
  return (
    <p
      data-testid="presentation-checks"
      className={`mb-3 text-xl font-semibold ${checks.passed ? "text-emerald-600 dark:text-emerald-400" : "text-rose-600 dark:text-rose-400"}`}
    >
      {checks.passed ? "✓ Checks passed" : `✕ ${checks.results.filter((r) => !r.passed).length} check(s) failed`}
    </p>
  );
}
