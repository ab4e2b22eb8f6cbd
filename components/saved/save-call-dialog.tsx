"use client";

// "Save" from the tool form, the session's history or an audit record (issue 17): a name, a
// note, the collection to file it in, who sees it, and checks on the result. The server
// leaves secret values out before storing (lib/domain/saved-secret-fields.ts); the dialog says so.
import { Button } from "@/components/ui/button";
import Link from "next/link";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useViewer } from "@/components/auth/viewer";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, INPUT } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import { ApiError } from "@/lib/client/fetch-json";
import { SAVED_KIND_LABELS, type SavedKind, type Visibility } from "@/lib/domain/saved-kinds";
import type { Check, CollectionSummary, SavedCallInput, SavedCallView } from "@/lib/domain/saved-shapes";
import { ChecksEditor } from "./checks-editor";
import { ErrorNote } from "@/components/ui/error-note";

export type CallToSave = {
  serverId: string;
  /** A tool call unless said otherwise; for a resource read `toolName` is the URI. */
  kind?: SavedKind;
  toolName: string;
  args: Record<string, unknown>;
  /** A name to start from (the tool's title). */
  suggestedName: string;
  hasOutputSchema: boolean;
};

const NEW = "__new__";

export function SaveCallDialog({ call, onClose }: { call: CallToSave; onClose: () => void }): ReactNode {
  const viewer = useViewer();
  const [name, setName] = useState(call.suggestedName);
  const [note, setNote] = useState("");
  const [visibility, setVisibility] = useState<Visibility>("private");
  const [checks, setChecks] = useState<Check[]>([{ kind: "no_error" }]);
  const [collections, setCollections] = useState<CollectionSummary[] | null>(null);
  const [collection, setCollection] = useState<string>("");
  const [newCollection, setNewCollection] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<{ call: SavedCallView; collectionId: string | null } | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const shared = viewer?.mode === "accounts";

  useEffect(() => {
    nameInput.current?.select();
    api("GET /api/collections").then(
      ({ collections }) => {
        const mine = collections.filter((c) => c.mine);
        setCollections(mine);
        setCollection(mine[0]?.id ?? NEW);
      },
      () => setCollections([]),
    );
  }, []);

  const save = async (): Promise<void> => {
    setSaving(true);
    setError(null);
    try {
      const body: SavedCallInput = {
        name,
        note,
        serverId: call.serverId,
        kind: call.kind ?? "call",
        toolName: call.toolName,
        arguments: call.args,
        checks,
        visibility,
        ...(collection === NEW
          ? newCollection.trim()
            ? { newCollection: newCollection.trim() }
            : {}
          : collection
            ? { collectionIds: [collection] }
            : {}),
      };
      const { savedCall, collectionIds } = await api("POST /api/saved-calls", { body });
      const collectionId = collectionIds[0] ?? null;
      setSaved({ call: savedCall, collectionId });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModalDialog
      title={call.kind === "resource_read" ? "Save this read" : call.kind === "prompt_get" ? "Save this prompt get" : "Save this call"}
      onClose={onClose}
      testId="save-call-dialog"
      width="w-[600px]"
    >
      <p className="mt-1 text-[12px] text-muted">
        {call.kind && call.kind !== "call" && `${SAVED_KIND_LABELS[call.kind]}: `}
        <code className="font-mono">{call.toolName}</code> on {call.serverId}. Secret values (password and write-only fields, secret-looking
        keys, a password in a URI) are never stored: they are asked for when the call runs.
      </p>
      {saved ? (
        <div className="mt-4 space-y-3 text-[13px]" role="status" data-testid="save-call-done">
          <p className="font-medium text-emerald-700 dark:text-emerald-400">Saved “{saved.call.name}”.</p>
          {saved.call.secretFields.length > 0 && (
            <p className="text-zinc-600 dark:text-zinc-400" data-testid="save-call-secrets">
              Left out, asked for at run time: <code className="font-mono">{saved.call.secretFields.join(", ")}</code>
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Link href={`/saved/calls/${saved.call.id}`} className={BUTTON_SECONDARY} data-testid="save-call-open">
              Open saved call
            </Link>
            {saved.collectionId && (
              <Link href={`/saved/collections/${saved.collectionId}`} className={BUTTON_SECONDARY} data-testid="save-call-open-collection">
                Open collection
              </Link>
            )}
            <Button className={BUTTON_PRIMARY} onPress={onClose} data-testid="save-call-close">
              Done
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label className="block text-xs font-medium text-muted">
            Name
            <input
              ref={nameInput}
              value={name}
              onChange={(e) => setName(e.target.value)}
              className={`${INPUT} mt-1`}
              required
              data-testid="save-call-name"
            />
          </label>
          <label className="block text-xs font-medium text-muted">
            Note
            <textarea
              value={note}
              onChange={(e) => setNote(e.target.value)}
              rows={2}
              className={`${INPUT} mt-1`}
              data-testid="save-call-note"
            />
          </label>
          <div className="flex gap-3">
            <label className="block flex-1 text-xs font-medium text-muted">
              Collection
              <select
                value={collection}
                onChange={(e) => setCollection(e.target.value)}
                className={`${INPUT} mt-1`}
                disabled={collections === null}
                data-testid="save-call-collection"
              >
                <option value="">None</option>
                {collections?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
                <option value={NEW}>New collection…</option>
              </select>
            </label>
            {collection === NEW && (
              <label className="block flex-1 text-xs font-medium text-muted">
                New collection&apos;s name
                <input
                  value={newCollection}
                  onChange={(e) => setNewCollection(e.target.value)}
                  className={`${INPUT} mt-1`}
                  placeholder="Smoke tests"
                  data-testid="save-call-new-collection"
                />
              </label>
            )}
            {shared && (
              <label className="block w-40 text-xs font-medium text-muted">
                Who sees it
                <select
                  value={visibility}
                  onChange={(e) => setVisibility(e.target.value as Visibility)}
                  className={`${INPUT} mt-1`}
                  data-testid="save-call-visibility"
                >
                  <option value="private">Only me</option>
                  <option value="shared">Everyone</option>
                </select>
              </label>
            )}
          </div>
          <ChecksEditor checks={checks} onChange={setChecks} hasOutputSchema={call.hasOutputSchema} />
          <ErrorNote message={error} testId="save-call-error" />
          <div className="flex justify-end gap-2 pt-1">
            <Button className={BUTTON_SECONDARY} onPress={onClose}>
              Cancel
            </Button>
            <Button type="submit" className={BUTTON_PRIMARY} isDisabled={saving || !name.trim()} data-testid="save-call-submit">
              {saving ? "Saving…" : "Save"}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

/** A small "Save" button that opens the dialog. */
export function SaveCallButton({ call, className, label = "Save…" }: { call: CallToSave; className?: string; label?: string }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        onPress={() => setOpen(true)}
        data-testid="save-call-button"
        title="Save these arguments as a call to run again, alone or in a collection"
        className={
          className ?? "rounded border border-zinc-300 px-1.5 py-0.5 text-xs hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
        }
      >
        {label}
      </Button>
      {/* The overlay renders in a portal, out of the tool form: a form may not nest in a form. */}
      {open && <SaveCallDialog call={call} onClose={() => setOpen(false)} />}
    </>
  );
}
