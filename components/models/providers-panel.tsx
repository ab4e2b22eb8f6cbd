"use client";

// The Models page's table: every provider this person may use (the environment's, shared ones,
// their own), whether a key is set (never the key), who may use it, how many models it lists or
// why it lists none; add, change and remove what they may manage.
import { Button } from "@/components/ui/button";
import { useCallback, useState, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, ERROR_NOTE } from "@/components/ui/classes";
import { Cell, DataTable, Row } from "@/components/ui/table";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { useApiData } from "@/components/ui/use-api-data";
import { api } from "@/components/api/client";
import type { AvailableModels, ModelProvider } from "@/lib/domain/playground";
import { ROLE_LABELS } from "@/lib/domain/roles";
import { ProviderForm } from "./provider-form";
import { Disclosure } from "@/components/ui/disclosure";

const CELL = "py-1.5 pr-3 align-top";

function whoMayUse(provider: ModelProvider): string {
  if (provider.source === "environment") return "Everyone (the operator's environment)";
  if (provider.source === "personal") return "Only you";
  if (!provider.roles) return "Everyone";
  if (provider.roles.length === 0) return "Admins";
  return ["Admins", ...provider.roles.map((role) => ROLE_LABELS[role] + "s")].join(", ");
}

function ModelsCell({ provider, models }: { provider: ModelProvider; models: AvailableModels | null }): ReactNode {
  if (!models) return <span className="text-muted">Listing…</span>;
  const problem = models.problems.find((p) => p.provider === provider.id);
  if (problem)
    return (
      <span className="text-rose-700 dark:text-rose-300" data-testid="provider-problem">
        {problem.message}
      </span>
    );
  const listed = models.models.filter((model) => model.startsWith(`${provider.id}/`));
  return (
    <Disclosure
      triggerClassName=" tabular-nums"
      title={
        <>
          {listed.length} model{listed.length === 1 ? "" : "s"}
        </>
      }
    >
      <ul className="mt-1 max-h-40 overflow-y-auto font-mono text-[12px]">
        {listed.map((model) => (
          <li key={model}>{model}</li>
        ))}
      </ul>
    </Disclosure>
  );
}

export function ProvidersPanel({ mayShare, mayOwn }: { mayShare: boolean; mayOwn: boolean }): ReactNode {
  const loadProviders = useCallback(() => api("GET /api/model-providers"), []);
  const loadModels = useCallback(() => api("GET /api/models"), []);
  const providers = useApiData(loadProviders);
  const models = useApiData(loadModels);
  const [editing, setEditing] = useState<ModelProvider | "new" | null>(null);
  const [removing, setRemoving] = useState<ModelProvider | null>(null);
  const mayManage = (provider: ModelProvider): boolean =>
    provider.source === "personal" ? mayOwn : provider.source === "shared" ? mayShare : false;

  const reload = (): void => {
    void providers.act(async () => undefined);
    void models.act(async () => undefined);
  };

  return (
    <section className="mt-6" aria-labelledby="providers-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="providers-heading" className="text-sm font-semibold">
          Providers
        </h2>
        {(mayShare || mayOwn) && (
          <Button className={BUTTON_PRIMARY} onPress={() => setEditing("new")} data-testid="provider-add">
            Add a provider
          </Button>
        )}
      </div>
      {!mayShare && !mayOwn && (
        <p className="mt-1 text-xs text-muted">An admin adds shared providers; sign in with an account to add a key of your own.</p>
      )}
      {!mayShare && mayOwn && (
        <p className="mt-1 text-xs text-muted">An admin adds shared providers; you can add a key of your own, for you alone.</p>
      )}
      {providers.error && (
        <p role="alert" className={`${ERROR_NOTE} mt-2`}>
          {providers.error}
        </p>
      )}
      {providers.data && providers.data.length === 0 ? (
        <p className="mt-3 text-sm text-muted" data-testid="providers-empty">
          No provider yet.
        </p>
      ) : (
        <div className="mt-2">
          <DataTable
            label="Model providers"
            columns={["Name", "Speaks", "Address", "Key", "Who may use it", "Models", ""]}
            minWidth="min-w-[56rem]"
            testId="providers-table"
          >
            {(providers.data ?? []).map((provider) => (
              <Row
                key={`${provider.source}-${provider.id}`}
                className="border-t border-zinc-100 dark:border-zinc-900"
                data-testid="provider-row"
              >
                <Cell className={`${CELL} font-mono text-[12px]`}>{provider.id}</Cell>
                <Cell className={CELL}>{provider.label}</Cell>
                <Cell className={`${CELL} font-mono text-[12px] break-all`}>{provider.baseUrl}</Cell>
                <Cell className={CELL}>
                  {provider.source === "environment" ? "From the environment" : provider.hasKey ? "Set" : "None"}
                </Cell>
                <Cell className={CELL}>{whoMayUse(provider)}</Cell>
                <Cell className={CELL}>
                  <ModelsCell provider={provider} models={models.data} />
                </Cell>
                <Cell className={`${CELL} whitespace-nowrap`}>
                  {mayManage(provider) && (
                    <span className="inline-flex gap-1.5">
                      <Button className={BUTTON_SECONDARY} onPress={() => setEditing(provider)} aria-label={`Change ${provider.id}`}>
                        Change
                      </Button>
                      <Button className={BUTTON_SECONDARY} onPress={() => setRemoving(provider)} aria-label={`Remove ${provider.id}`}>
                        Remove
                      </Button>
                    </span>
                  )}
                </Cell>
              </Row>
            ))}
          </DataTable>
        </div>
      )}
      {editing && (
        <ProviderForm
          existing={editing === "new" ? null : editing}
          mayShare={mayShare}
          mayOwn={mayOwn}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {removing && (
        <ModalDialog
          role="alertdialog"
          title={`Remove ${removing.id}?`}
          onClose={() => setRemoving(null)}
          testId="provider-remove-dialog"
          width="w-[420px]"
        >
          <p className="text-sm">
            Its key is deleted. Suites, chats and servers that name <code>{removing.id}/…</code> models will say the provider is gone.
          </p>
          <div className="mt-4 flex justify-end gap-2">
            <Button className={BUTTON_SECONDARY} onPress={() => setRemoving(null)}>
              Keep it
            </Button>
            <Button
              className={BUTTON_PRIMARY}
              data-testid="provider-remove-confirm"
              onPress={() => {
                const target = removing;
                setRemoving(null);
                void (async () => {
                  await providers.act(() => api("DELETE /api/model-providers/:name", { params: { name: target.id } }));
                  await models.act(async () => undefined);
                })();
              }}
            >
              Remove
            </Button>
          </div>
        </ModalDialog>
      )}
    </section>
  );
}
