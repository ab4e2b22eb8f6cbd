"use client";

// The Models page's "Model judge": which model reads each new or changed tool definition for
// poisoning (docs/report-card.md#the-model-judge), or none. Everyone sees the choice; an admin
// picks it from the models of the environment's and shared providers (a person's own provider is
// not for a setting that serves everyone) in a combobox that searches as one types and offers at
// most SHOWN_MATCHES at once, then saves it.
import { useCallback, useMemo, useState, type ReactNode } from "react";
import { Button as AriaButton, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from "react-aria-components";
import { api } from "@/components/api/client";
import { Button } from "@/components/ui/button";
import { BUTTON_PRIMARY, PANEL_SECTION } from "@/components/ui/classes";
import { ErrorNote } from "@/components/ui/error-note";
import { matchingNames } from "@/components/ui/tool-picker";
import { useApiData } from "@/components/ui/use-api-data";
import type { JudgeSettingInput, JudgeSettingView } from "@/lib/domain/model-judge";

const NONE = "none: the text scan alone";
/** The "no judge" item's key: a model is always provider/model, so it names none. */
const NONE_ID = "(none)";

type Item = { id: string; label: string };

function JudgeNow({ view }: { view: JudgeSettingView }): ReactNode {
  return (
    <p className="mt-1 text-[13px]" data-testid="model-judge-current">
      {view.model ? (
        <>
          <span className="font-mono text-[12px]">{view.model}</span> judges new and changed tool definitions
        </>
      ) : (
        "No model judges tool definitions: the text scan alone decides what is held"
      )}
      {view.updatedBy ? <span className="text-muted"> · set by {view.updatedBy}</span> : null}.
    </p>
  );
}

export function ModelJudgePanel(): ReactNode {
  const loadView = useCallback(() => api("GET /api/model-judge"), []);
  const loadModels = useCallback(() => api("GET /api/models"), []);
  const view = useApiData(loadView);
  const models = useApiData(loadModels);
  const saved = view.data?.model ?? NONE_ID;
  const [choice, setChoice] = useState<string | null>(null);
  /** What was typed since the last pick (null: the field shows the pick). */
  const [query, setQuery] = useState<string | null>(null);
  const picked = choice ?? saved;
  const pickedLabel = picked === NONE_ID ? NONE : picked;

  // A setting for everyone: a person's own providers are not offered (the server refuses them too).
  const own = new Set(models.data?.providers.filter((p) => p.source === "personal").map((p) => p.id));
  const listed = (models.data?.models ?? []).filter((model) => !own.has(model.slice(0, model.indexOf("/"))));
  const filter = query === null || query === pickedLabel ? "" : query;
  const { shown, total } = matchingNames(listed, filter);
  // What matches what was typed comes first ("none" among it, unless the typing rules it out); the pick stays in the
  // collection after it (while the list loads, or when its provider no longer lists it), so that it stays selected.
  const items = useMemo<Item[]>(() => {
    const matches: Item[] = [
      ...(NONE.includes(filter.trim().toLowerCase()) ? [{ id: NONE_ID, label: NONE }] : []),
      ...shown.map((id) => ({ id, label: id })),
    ];
    return matches.some((item) => item.id === picked) ? matches : [...matches, { id: picked, label: pickedLabel }];
  }, [picked, pickedLabel, shown, filter]);

  const save = (): Promise<void> =>
    view.act(async () => {
      const body: JudgeSettingInput = { model: picked === NONE_ID ? null : picked };
      await api("PUT /api/model-judge", { body });
      setChoice(null);
      setQuery(null);
    });

  return (
    <section className={`mt-8 ${PANEL_SECTION}`} aria-labelledby="model-judge-heading" data-testid="model-judge">
      <h2 id="model-judge-heading" className="text-sm font-semibold">
        Model judge
      </h2>
      <p className="mt-1 text-xs text-muted">
        A model that reads each new or changed tool definition against Toolscope&apos;s rubric for tool poisoning, beside the text scan. A
        definition it judges poisoned (score {view.data ? view.data.threshold.toFixed(1) : "0.7"} or more) is a finding on the report card
        and waits for an admin&apos;s approval, as one failing the text scan does. Each definition is sent once per model
        {view.data ? ` (rubric ${view.data.rubricVersion})` : ""}, its verdict kept.
      </p>
      {view.data && <JudgeNow view={view.data} />}
      <ErrorNote message={view.error ?? models.error} className="mt-2" />
      {view.data?.mayChange && (
        <div className="mt-3 flex flex-wrap items-start gap-2">
          <ComboBox<Item>
            className="min-w-[18rem] flex-1"
            items={items}
            inputValue={query ?? pickedLabel}
            onInputChange={setQuery}
            selectedKey={picked}
            onSelectionChange={(key) => {
              if (key === null) return;
              setChoice(String(key));
              setQuery(null);
            }}
            menuTrigger="focus"
            allowsEmptyCollection
            data-testid="model-judge-model"
          >
            <Label className="mb-1 block text-[13px] font-medium text-zinc-700 dark:text-zinc-300">Judge model</Label>
            <div className="flex">
              <Input className="w-full rounded-l-md border border-zinc-300 bg-white px-2.5 py-1.5 font-mono text-[12px] outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 dark:border-zinc-700 dark:bg-zinc-900" />
              <AriaButton
                aria-label="Show the models"
                className="rounded-r-md border border-l-0 border-zinc-300 px-2 text-xs text-muted outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40 dark:border-zinc-700"
              >
                ▾
              </AriaButton>
            </div>
            <Text slot="description" className="mt-1 block text-xs text-muted">
              {models.data && listed.length === 0
                ? "No model of the environment's or a shared provider is listed: add a shared provider above."
                : "Type to search; the models of the environment's and shared providers."}
            </Text>
            <Popover className="max-h-72 w-(--trigger-width) overflow-auto rounded-md border border-zinc-200 bg-white text-[12px] shadow-lg dark:border-zinc-800 dark:bg-zinc-950">
              <ListBox<Item> className="outline-none" renderEmptyState={() => <p className="px-2 py-1.5 text-muted">No model matches.</p>}>
                {(item) => (
                  <ListBoxItem
                    id={item.id}
                    textValue={item.label}
                    className="cursor-default px-2 py-1 font-mono outline-none data-[focused]:bg-indigo-50 data-[selected]:font-semibold dark:data-[focused]:bg-indigo-950/50"
                  >
                    {item.label}
                  </ListBoxItem>
                )}
              </ListBox>
              {total > shown.length && (
                <p className="border-t border-zinc-100 px-2 py-1.5 text-muted dark:border-zinc-900">
                  {shown.length} of {total.toLocaleString()} shown: type to narrow.
                </p>
              )}
            </Popover>
          </ComboBox>
          {/* Level with the field: below its label's line, above its description. */}
          <Button
            className={`${BUTTON_PRIMARY} mt-6`}
            onPress={() => void save()}
            isDisabled={picked === saved}
            data-testid="model-judge-save"
          >
            Save
          </Button>
        </div>
      )}
    </section>
  );
}
