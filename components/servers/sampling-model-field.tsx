"use client";

// A server's "Answer sampling with a model" setting, in the server form: off (the default: the
// person writes the reply, nothing goes to a model) or one of the models the environment
// configures (GET /api/models). The form sends it as `samplingModel`.
import { useCallback, useState, type ReactNode } from "react";
import { INPUT } from "@/components/ui/classes";
import { ModelSetup } from "@/components/ui/model-setup";
import { useApiData } from "@/components/ui/use-api-data";
import { api } from "@/components/api/client";

const LABEL = "mb-1 block text-[13px] font-medium text-zinc-700 dark:text-zinc-300";

export function SamplingModelField({ existing }: { existing: string | null }): ReactNode {
  const load = useCallback(() => api("GET /api/models"), []);
  const { data: models, error } = useApiData(load);
  const [value, setValue] = useState(existing ?? "");
  // A server's setting is for everyone who calls it: a person's own providers are not offered.
  const own = new Set(models?.providers.filter((provider) => provider.source === "personal").map((provider) => provider.id));
  const listed = (models?.models ?? []).filter((model) => !own.has(model.slice(0, model.indexOf("/"))));
  // The saved choice stays choosable while the list loads, or when its provider no longer lists it.
  const choices = existing && !listed.includes(existing) ? [existing, ...listed] : listed;
  return (
    <div>
      <label className="block">
        <span className={LABEL}>Answer sampling with a model</span>
        <select
          name="samplingModel"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className={INPUT}
          aria-describedby="sampling-model-help"
          data-testid="server-sampling-model"
        >
          <option value="">Off: I write the reply myself</option>
          {choices.map((model) => (
            <option key={model} value={model}>
              {model}
              {listed.includes(model) || !models ? "" : " (not listed by its provider now)"}
            </option>
          ))}
        </select>
      </label>
      <div id="sampling-model-help" className="mt-1 space-y-1 text-xs text-muted">
        <p>
          When the server asks for a model&apos;s reply during your call (sampling), this model drafts it; you see the request and the
          draft, then send it, edit it or decline. Off, nothing is sent to a model.
        </p>
        {!models && !error && <p role="status">Listing the models…</p>}
        {error && <p role="alert">The models could not be listed: {error}</p>}
        {models && models.providers.length === 0 && (
          <p data-testid="sampling-no-models">
            No model is configured. <ModelSetup withPage />
          </p>
        )}
        {models?.problems.map((problem) => (
          <p key={problem.provider} role="alert">
            {problem.message}
          </p>
        ))}
      </div>
    </div>
  );
}
