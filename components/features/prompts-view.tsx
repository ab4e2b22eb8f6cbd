"use client";

// A server's prompts page: its prompts, a form from the arguments of the one picked (required
// ones marked, each with its description), and the messages prompts/get answered.
import { Button } from "@/components/ui/button";
import { useCallback, useEffect, useId, useState, type ReactNode } from "react";
import { api } from "@/components/api/client";
import type { Prompt } from "@/lib/domain/server-features";
import { useApiData } from "@/components/ui/use-api-data";
import { BUTTON_PRIMARY, ERROR_NOTE, INPUT, PICK_LIST, PICK_ROW } from "@/components/ui/classes";
import { CompletionInput } from "./completion-input";
import { FeatureAnswerHeader } from "./feature-answer";
import { FeaturePage } from "./feature-page";
import { PromptMessages } from "./prompt-messages";
import { useFeatureRequest } from "./use-feature-request";
import { ListBox, ListBoxItem } from "react-aria-components";
import { useCompletions } from "./use-completions";
import { useCatalog } from "@/components/catalog/catalog-context";
import { ToggleButton } from "@/components/ui/toggle-button";

type PromptArgument = NonNullable<Prompt["arguments"]>[number];

/** One argument: a line with the server's suggestions, or several lines for text that needs them. */
function ArgumentField({
  serverId,
  prompt,
  argument,
  values,
  onChange,
}: {
  serverId: string;
  prompt: Prompt;
  argument: PromptArgument;
  values: Record<string, string>;
  onChange: (value: string) => void;
}): ReactNode {
  const completes = Boolean(useCatalog().data?.server.capabilities?.completions);
  const [multiline, setMultiline] = useState(false);
  const [edited, setEdited] = useState(false);
  const value = values[argument.name] ?? "";
  const suggestions = useCompletions(
    serverId,
    completes && edited && !multiline,
    { type: "ref/prompt", name: prompt.name },
    argument.name,
    value,
    values,
  );
  const id = useId();
  const change = (text: string): void => {
    setEdited(true);
    onChange(text);
  };
  const common = {
    id,
    required: argument.required,
    "aria-describedby": argument.description ? `${id}-description` : undefined,
    value,
  };
  return (
    <div data-testid="prompt-argument" data-argument={argument.name}>
      <div className="flex items-baseline gap-2">
        <label htmlFor={id} id={`${id}-label`} className="text-[13px] font-medium">
          {argument.name}
          {argument.required && (
            <span className="text-rose-600 dark:text-rose-400" aria-hidden="true">
              {" "}
              *
            </span>
          )}
        </label>
        <ToggleButton
          className="ml-auto text-xs text-indigo-600 hover:underline dark:text-indigo-400"
          pressed={multiline}
          label={`Several lines for ${argument.name}`}
          onChange={setMultiline}
        >
          {multiline ? "✓ Several lines" : "Several lines"}
        </ToggleButton>
      </div>
      {argument.description && (
        <p id={`${id}-description`} className="text-xs text-muted">
          {argument.description}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={5} className={`${INPUT} mt-1 resize-y font-mono`} onChange={(event) => change(event.target.value)} />
      ) : (
        <CompletionInput
          id={id}
          labelledBy={`${id}-label`}
          describedBy={common["aria-describedby"]}
          required={argument.required}
          value={value}
          suggestions={suggestions}
          onChange={change}
        />
      )}
    </div>
  );
}

function PromptForm({
  serverId,
  prompt,
  running,
  onGet,
}: {
  serverId: string;
  prompt: Prompt;
  running: boolean;
  onGet: (args: Record<string, string>) => void;
}): ReactNode {
  const [values, setValues] = useState<Record<string, string>>({});
  const args = prompt.arguments ?? [];
  const missing = args.filter((a) => a.required && !values[a.name]?.trim());
  return (
    <form
      className="mt-3 space-y-3"
      aria-label={`Arguments of ${prompt.title ?? prompt.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        // Only the arguments given: an empty optional one is left out, not sent as "".
        onGet(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== "")));
      }}
    >
      {args.length === 0 && <p className="text-[13px] text-muted">This prompt takes no arguments.</p>}
      {args.map((argument) => (
        <ArgumentField
          key={argument.name}
          serverId={serverId}
          prompt={prompt}
          argument={argument}
          values={values}
          onChange={(value) => setValues((current) => ({ ...current, [argument.name]: value }))}
        />
      ))}
      <Button type="submit" className={BUTTON_PRIMARY} isDisabled={running || missing.length > 0}>
        {running ? "Getting…" : "Get prompt"}
      </Button>
    </form>
  );
}

export function PromptsView({ serverId }: { serverId: string }): ReactNode {
  const load = useCallback(() => api("GET /api/servers/:serverId/prompts", { params: { serverId } }), [serverId]);
  const { data, error, act } = useApiData(load);
  const changed = useCatalog().listChanges.prompts;
  useEffect(() => {
    // The server said the list changed: ask for it again.
    if (changed.count) void act(async () => undefined);
  }, [changed.count, act]);
  const get = useFeatureRequest<"POST /api/servers/:serverId/prompts/get">();
  const [picked, setPicked] = useState<string | null>(null);
  /** The arguments of the get shown, to save it as it was sent. */
  const [sent, setSent] = useState<Record<string, string>>({});
  const prompt = data?.prompts.find((p) => p.name === picked);

  return (
    <FeaturePage
      part="prompts"
      title="Prompts"
      listing={data}
      error={error}
      onRefresh={() => void act(async () => undefined)}
      changedAt={changed.at}
    >
      {(data) => (
        <div className="grid gap-x-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <section className="mt-6" aria-label="Prompts">
            <h2 className="text-sm font-semibold">
              Prompts <span className="font-normal text-muted">({data.prompts.length})</span>
            </h2>
            {/* One prompt is picked at a time: a list box, arrow keys between prompts, Enter or Space picks. */}
            <ListBox
              aria-label="Prompts"
              selectionMode="single"
              disallowEmptySelection
              selectedKeys={picked ? [picked] : []}
              onSelectionChange={(keys) => {
                const [key] = keys === "all" ? [] : [...keys];
                if (key === undefined) return;
                setPicked(String(key));
                get.clear();
              }}
              renderEmptyState={() => <p className="px-3 py-2.5 text-[13px] text-muted">None listed.</p>}
              className={PICK_LIST}
            >
              {data.prompts.map((p) => (
                <ListBoxItem key={p.name} id={p.name} textValue={p.title ?? p.name} data-testid="prompt-row" className={PICK_ROW}>
                  <span className="block text-[13px] font-medium">{p.title ?? p.name}</span>
                  {p.title && <span className="block font-mono text-xs text-muted">{p.name}</span>}
                  {p.description && <span className="mt-0.5 block text-xs text-muted">{p.description}</span>}
                </ListBoxItem>
              ))}
            </ListBox>
          </section>
          <section className="relative mt-6 min-w-0" aria-label="Prompt" data-testid="prompt-panel">
            <p role="status" className="sr-only">
              {get.running
                ? "Getting the prompt…"
                : get.response
                  ? `Prompt: ${get.response.status === "ok" ? "done" : get.response.status}`
                  : ""}
            </p>
            {!prompt && <p className="text-[13px] text-muted">Pick a prompt to fill its arguments and get its messages.</p>}
            {prompt && (
              <>
                <h2 className="text-sm font-semibold">{prompt.title ?? prompt.name}</h2>
                <PromptForm
                  key={prompt.name}
                  serverId={serverId}
                  prompt={prompt}
                  running={get.running}
                  onGet={(args) => {
                    setSent(args);
                    void get.send("POST /api/servers/:serverId/prompts/get", serverId, { name: prompt.name, arguments: args });
                  }}
                />
                {get.requestError && <p className={`${ERROR_NOTE} mt-3`}>{get.requestError}</p>}
                {get.response && (
                  <div className="mt-4 space-y-3">
                    <FeatureAnswerHeader
                      response={get.response}
                      save={{
                        serverId,
                        kind: "prompt_get",
                        toolName: prompt.name,
                        args: sent,
                        suggestedName: prompt.title ?? prompt.name,
                        hasOutputSchema: false,
                      }}
                    />
                    {get.response.result && <PromptMessages result={get.response.result} serverId={serverId} />}
                  </div>
                )}
              </>
            )}
          </section>
        </div>
      )}
    </FeaturePage>
  );
}
