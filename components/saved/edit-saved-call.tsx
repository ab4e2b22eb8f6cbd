"use client";

// Changes a saved call (its owner, or an admin for a shared one): name, note, who sees it, its
// checks; files it in a collection; deletes it.
import { Button } from "@/components/ui/button";
import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { useViewer } from "@/components/auth/viewer";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, INPUT } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import { ApiError } from "@/lib/client/fetch-json";
import type { Check, CollectionSummary, SavedCallView, Visibility } from "@/lib/domain/saved-shapes";
import { ChecksEditor } from "./checks-editor";
import { ErrorNote } from "@/components/ui/error-note";

export function EditSavedCall({ call }: { call: SavedCallView }): ReactNode {
  const router = useRouter();
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(call.name);
  const [note, setNote] = useState(call.note);
  const [visibility, setVisibility] = useState<Visibility>(call.visibility);
  const [checks, setChecks] = useState<Check[]>(call.checks);
  const [collections, setCollections] = useState<CollectionSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fail = (e: unknown): void => setError(e instanceof ApiError ? e.message : String(e));

  useEffect(() => {
    if (!open) return;
    api("GET /api/collections").then(({ collections }) => setCollections(collections.filter((c) => c.mine)), fail);
  }, [open]);

  const save = (): void => {
    setError(null);
    api("PUT /api/saved-calls/:savedCallId", { params: { savedCallId: call.id }, body: { name, note, checks, visibility } }).then(() => {
      setOpen(false);
      router.refresh();
    }, fail);
  };
  const remove = (): void => {
    if (!window.confirm(`Delete the saved call “${call.name}” and its runs? Its calls stay in the audit log.`)) return;
    api("DELETE /api/saved-calls/:savedCallId", { params: { savedCallId: call.id } }).then(() => router.push("/saved"), fail);
  };
  const file = async (collectionId: string): Promise<void> => {
    setError(null);
    try {
      const { collection } = await api("GET /api/collections/:collectionId", { params: { collectionId } });
      if (collection.calls.some((c) => c.id === call.id)) return setNotice(`Already in “${collection.name}”.`);
      await api("PUT /api/collections/:collectionId", {
        params: { collectionId },
        body: { savedCallIds: [...collection.calls.map((c) => c.id), call.id] },
      });
      setNotice(`Added to “${collection.name}”.`);
    } catch (e) {
      fail(e);
    }
  };

  if (!open)
    return (
      <div className="mt-3 flex gap-2">
        <Button className={BUTTON_SECONDARY} onPress={() => setOpen(true)} data-testid="saved-call-edit">
          Edit
        </Button>
        <Button className={BUTTON_SECONDARY} onPress={remove} data-testid="saved-call-delete">
          Delete
        </Button>
        <ErrorNote message={error} />
      </div>
    );
  return (
    <section
      className="mt-4 space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      aria-label="Edit saved call"
      data-testid="saved-call-editor"
    >
      <div className="flex gap-3">
        <label className="block flex-1 text-xs font-medium text-muted">
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} className={`${INPUT} mt-1`} />
        </label>
        {viewer?.mode === "accounts" && (
          <label className="block w-40 text-xs font-medium text-muted">
            Who sees it
            <select value={visibility} onChange={(e) => setVisibility(e.target.value as Visibility)} className={`${INPUT} mt-1`}>
              <option value="private">Only me</option>
              <option value="shared">Everyone</option>
            </select>
          </label>
        )}
      </div>
      <label className="block text-xs font-medium text-muted">
        Note
        <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} className={`${INPUT} mt-1`} />
      </label>
      <ChecksEditor checks={checks} onChange={setChecks} hasOutputSchema />
      <div className="flex flex-wrap items-center gap-2">
        <select
          value=""
          onChange={(e) => e.target.value && void file(e.target.value)}
          className={`${INPUT} !w-56 !py-1 !text-[13px]`}
          aria-label="Add to a collection"
          data-testid="saved-call-add-to"
        >
          <option value="">Add to a collection…</option>
          {collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {notice && <span className="text-xs text-emerald-700 dark:text-emerald-400">{notice}</span>}
        <span className="ml-auto flex gap-2">
          <Button className={BUTTON_SECONDARY} onPress={() => setOpen(false)}>
            Cancel
          </Button>
          <Button className={BUTTON_PRIMARY} onPress={save} isDisabled={!name.trim()} data-testid="saved-call-save">
            Save changes
          </Button>
        </span>
      </div>
      <ErrorNote message={error} />
    </section>
  );
}
