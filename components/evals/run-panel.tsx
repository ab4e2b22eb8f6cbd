"use client";

// Start a run of the suite: which models (every one the configured providers list), and how many
// times each case runs on each. The run goes on in the server's background; its page follows it.
import { Button } from "@/components/ui/button";
import { useRouter } from "next/navigation";
import { useCallback, useId, useState, type ReactNode } from "react";
import { NoModels } from "@/components/playground/no-models";
import { BUTTON_PRIMARY, ERROR_NOTE, INPUT } from "@/components/ui/classes";
import { useApiData } from "@/components/ui/use-api-data";
import { api } from "@/components/api/client";
import { ApiError } from "@/lib/client/fetch-json";
import { Checkbox } from "@/components/ui/checkbox";

export function RunPanel({ suiteId }: { suiteId: string }): ReactNode {
  const router = useRouter();
  const id = useId();
  const load = useCallback(() => api("GET /api/models"), []);
  const { data: models, error: modelsError } = useApiData(load);
  const [picked, setPicked] = useState<string[]>([]);
  const [repeat, setRepeat] = useState("1");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (modelsError) return <p className={ERROR_NOTE}>The models could not be listed: {modelsError}</p>;
  if (!models) return <p className="text-sm text-muted">Listing the models…</p>;
  if (models.models.length === 0) return <NoModels models={models} what="run evals on" testId="evals-no-models" />;
  const start = async (): Promise<void> => {
    setError(null);
    setBusy(true);
    try {
      const run = await api("POST /api/evals/:suiteId/runs", {
        params: { suiteId },
        body: { models: picked, repeat: Number(repeat) },
      });
      router.push(`/evals/${suiteId}/runs/${run.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <fieldset>
        <legend className="text-[12px] font-medium">Models</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1" data-testid="run-models">
          {models.models.map((model) => (
            <Checkbox
              key={model}
              className="inline-flex items-center gap-1.5 text-[13px]"
              isSelected={picked.includes(model)}
              onChange={(checked) => setPicked((now) => (checked ? [...now, model] : now.filter((m) => m !== model)))}
            >
              {model}
            </Checkbox>
          ))}
        </div>
      </fieldset>
      {models.problems.map((problem) => (
        <p key={problem.provider} className="text-[12px] text-amber-700 dark:text-amber-400">
          {problem.provider}&apos;s models could not be listed: {problem.message}
        </p>
      ))}
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={id} className="text-[12px] font-medium">
          Runs of each case on each model
          <input
            id={id}
            type="number"
            min={1}
            max={50}
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            className={`${INPUT} mt-0.5 w-24`}
            data-testid="run-repeat"
          />
        </label>
        <Button type="submit" className={BUTTON_PRIMARY} isDisabled={busy || picked.length === 0} data-testid="run-start">
          {busy ? "Starting…" : "Run suite"}
        </Button>
        {picked.length === 0 && <span className="text-[12px] text-muted">Pick at least one model.</span>}
      </div>
      {error && (
        <p role="alert" className={`${ERROR_NOTE} text-[12px]`} data-testid="run-error">
          {error}
        </p>
      )}
    </form>
  );
}
