"use client";

// Adding or changing a model provider, in a dialog: shared (an admin's, for the roles ticked) or
// one's own (named my-…); what it speaks, its address, its key. A key is never shown again: when
// changing a provider, an empty key field keeps the one set, and a new address asks for it anew
// (the server refuses otherwise, and says so).
import { Button } from "@/components/ui/button";
import { useState, type FormEvent, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, INPUT } from "@/components/ui/classes";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { api } from "@/components/api/client";
import { PERSONAL_PREFIX, PROVIDER_KIND_LABELS, PROVIDER_KINDS, type ModelProvider, type ProviderKind } from "@/lib/domain/playground";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/domain/roles";
import { ErrorNote } from "@/components/ui/error-note";
import { Checkbox } from "@/components/ui/checkbox";

/** Admins may use every provider: the choice is among the others. */
const CHOOSABLE = ROLES.filter((role) => role !== "admin");

const LABEL = "mb-1 block text-[13px] font-medium text-zinc-700 dark:text-zinc-300";
const HELP = "mt-1 text-xs text-muted";

const DEFAULT_ADDRESS: Record<ProviderKind, string> = {
  openai: "https://api.openai.com/v1",
  "openai-compatible": "http://127.0.0.1:11434/v1",
  anthropic: "https://api.anthropic.com/v1",
  google: "https://generativelanguage.googleapis.com/v1beta",
};

type Draft = {
  scope: "shared" | "personal";
  name: string;
  kind: ProviderKind;
  label: string;
  baseUrl: string;
  apiKey: string;
  removeKey: boolean;
  roles: Role[] | null;
};

function draftOf(existing: ModelProvider | null, scope: "shared" | "personal"): Draft {
  if (!existing) return { scope, name: "", kind: "openai-compatible", label: "", baseUrl: "", apiKey: "", removeKey: false, roles: null };
  const ownAddress = existing.baseUrl !== DEFAULT_ADDRESS[existing.kind] || existing.kind === "openai-compatible";
  return {
    scope: existing.source === "personal" ? "personal" : "shared",
    name: existing.source === "personal" ? existing.id.slice(PERSONAL_PREFIX.length) : existing.id,
    kind: existing.kind,
    label: existing.label,
    baseUrl: ownAddress ? existing.baseUrl : "",
    apiKey: "",
    removeKey: false,
    roles: existing.roles ?? null,
  };
}

/** The request body: a new provider whole; a change, only what the form changes. */
function bodyOf(draft: Draft, existing: ModelProvider | null): Record<string, unknown> {
  const roles = draft.scope === "shared" ? draft.roles : undefined;
  if (!existing)
    return {
      scope: draft.scope,
      name: draft.scope === "personal" ? `${PERSONAL_PREFIX}${draft.name.trim()}` : draft.name.trim(),
      kind: draft.kind,
      ...(draft.label.trim() ? { label: draft.label.trim() } : {}),
      ...(draft.baseUrl.trim() ? { baseUrl: draft.baseUrl.trim() } : {}),
      ...(draft.apiKey.trim() ? { apiKey: draft.apiKey.trim() } : {}),
      ...(roles === undefined ? {} : { roles }),
    };
  return {
    label: draft.label.trim(),
    baseUrl: draft.baseUrl.trim() || null,
    ...(draft.removeKey ? { apiKey: null } : draft.apiKey.trim() ? { apiKey: draft.apiKey.trim() } : {}),
    ...(roles === undefined ? {} : { roles }),
  };
}

export function ProviderForm({
  existing,
  mayShare,
  mayOwn,
  onDone,
  onClose,
}: {
  existing: ModelProvider | null;
  mayShare: boolean;
  mayOwn: boolean;
  onDone: () => void;
  onClose: () => void;
}): ReactNode {
  const [draft, setDraft] = useState<Draft>(() => draftOf(existing, mayShare ? "shared" : "personal"));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<Draft>): void => setDraft((current) => ({ ...current, ...change }));
  const toggleRole = (role: Role, on: boolean): void => {
    const current = draft.roles ?? CHOOSABLE;
    const next = on ? [...current, role] : current.filter((r) => r !== role);
    set({ roles: CHOOSABLE.every((r) => next.includes(r)) ? null : next });
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = bodyOf(draft, existing);
      if (existing) await api("PATCH /api/model-providers/:name", { params: { name: existing.id }, body });
      else await api("POST /api/model-providers", { body });
      onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const personal = draft.scope === "personal";
  const needsAddress = draft.kind === "openai-compatible";
  return (
    <ModalDialog title={existing ? `Change ${existing.id}` : "Add a model provider"} onClose={onClose} testId="provider-dialog">
      <form onSubmit={(event) => void submit(event)} className="space-y-4" data-testid="provider-form">
        {!existing && mayShare && mayOwn && (
          <fieldset>
            <legend className={LABEL}>For whom</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(["shared", "personal"] as const).map((scope) => (
                <label key={scope} className="inline-flex items-center gap-1.5">
                  <input type="radio" name="scope" value={scope} checked={draft.scope === scope} onChange={() => set({ scope })} />
                  {scope === "shared" ? "Shared with the roles I pick" : "Only me"}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div>
          <label htmlFor="provider-name" className={LABEL}>
            Name
          </label>
          <div className="flex items-center gap-1">
            {personal && <span className="font-mono text-sm text-muted">{PERSONAL_PREFIX}</span>}
            <input
              id="provider-name"
              className={`${INPUT} font-mono`}
              value={draft.name}
              onChange={(event) => set({ name: event.target.value })}
              required
              disabled={Boolean(existing)}
              pattern="[a-z][a-z0-9\-]{1,39}"
              aria-describedby="provider-name-help"
              autoComplete="off"
              spellCheck={false}
              placeholder={personal ? "ollama" : "team-ollama"}
            />
          </div>
          <p id="provider-name-help" className={HELP}>
            Its models are called <code>{`${personal ? PERSONAL_PREFIX : ""}${draft.name || "name"}/model`}</code>: lower-case letters,
            digits and dashes.{existing ? " A name stays: suites and settings use it." : ""}
          </p>
        </div>
        <div>
          <label htmlFor="provider-kind" className={LABEL}>
            Speaks
          </label>
          <select
            id="provider-kind"
            className={INPUT}
            value={draft.kind}
            disabled={Boolean(existing)}
            onChange={(event) => set({ kind: event.target.value as ProviderKind })}
          >
            {PROVIDER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {PROVIDER_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="provider-address" className={LABEL}>
            Address{needsAddress ? "" : " (optional)"}
          </label>
          <input
            id="provider-address"
            className={`${INPUT} font-mono`}
            type="url"
            value={draft.baseUrl}
            onChange={(event) => set({ baseUrl: event.target.value })}
            required={needsAddress}
            placeholder={DEFAULT_ADDRESS[draft.kind]}
            aria-describedby="provider-address-help"
            autoComplete="off"
            spellCheck={false}
          />
          <p id="provider-address-help" className={HELP}>
            {needsAddress
              ? "Where its chat completions are: the address before /chat/completions."
              : `Empty: ${DEFAULT_ADDRESS[draft.kind]}.`}{" "}
            When Toolscope is hosted, private and loopback addresses are refused unless the operator allows them.
          </p>
        </div>
        <div>
          <label htmlFor="provider-key" className={LABEL}>
            API key{needsAddress ? " (if the endpoint asks for one)" : ""}
          </label>
          <input
            id="provider-key"
            className={`${INPUT} font-mono`}
            type="password"
            value={draft.apiKey}
            onChange={(event) => set({ apiKey: event.target.value, removeKey: false })}
            required={!existing && !needsAddress}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="provider-key-help"
            placeholder={existing?.hasKey ? "Set: leave empty to keep it" : ""}
          />
          <p id="provider-key-help" className={HELP}>
            Kept sealed on the server; never shown again.{existing?.hasKey ? " A new address needs the key again." : ""}
          </p>
          {existing?.hasKey && needsAddress && (
            <Checkbox
              className="mt-1 inline-flex items-center gap-1.5 text-sm"
              isSelected={draft.removeKey}
              onChange={(checked) => set({ removeKey: checked, apiKey: "" })}
            >
              Remove the key
            </Checkbox>
          )}
        </div>
        <div>
          <label htmlFor="provider-label" className={LABEL}>
            Label (optional)
          </label>
          <input
            id="provider-label"
            className={INPUT}
            value={draft.label}
            onChange={(event) => set({ label: event.target.value })}
            maxLength={80}
          />
        </div>
        {draft.scope === "shared" && (
          <fieldset>
            <legend className={LABEL}>Who may use it</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {CHOOSABLE.map((role) => (
                <Checkbox
                  key={role}
                  className="inline-flex items-center gap-1.5"
                  isSelected={draft.roles === null || draft.roles.includes(role)}
                  onChange={(checked) => toggleRole(role, checked)}
                >
                  {ROLE_LABELS[role]}
                </Checkbox>
              ))}
            </div>
            <p className={HELP}>Admins may use every provider. With every role ticked, it is for everyone; with none, for admins alone.</p>
          </fieldset>
        )}
        <ErrorNote message={error} testId="provider-error" />
        <div className="flex justify-end gap-2">
          <Button className={BUTTON_SECONDARY} onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" className={BUTTON_PRIMARY} isDisabled={busy} data-testid="provider-save">
            {busy ? "Saving…" : existing ? "Save" : "Add provider"}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
