"use client";

// Import a collection file (docs/collections.md): it becomes a new collection of new saved calls.
import { useRouter } from "next/navigation";
import { useRef, useState, type ReactNode } from "react";
import { BUTTON_SECONDARY, ERROR_NOTE } from "@/components/ui/classes";
import { ApiError, fetchJson } from "@/lib/client/fetch-json";
import type { CollectionView } from "@/lib/saved/shapes";

export function ImportCollection(): ReactNode {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async (file: File): Promise<void> => {
    setError(null);
    try {
      let document: unknown;
      try {
        document = JSON.parse(await file.text());
      } catch {
        throw new ApiError("bad_request:collection_file", `${file.name} is not JSON.`, 400);
      }
      const { collection } = await fetchJson<{ collection: CollectionView }>("/api/collections/import", {
        method: "POST",
        body: JSON.stringify(document),
      });
      router.push(`/saved/collections/${collection.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      if (input.current) input.current.value = "";
    }
  };
  return (
    <div className="flex flex-col items-end gap-2">
      <button type="button" className={BUTTON_SECONDARY} onClick={() => input.current?.click()}>
        Import collection…
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="hidden"
        data-testid="collection-import"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void load(file);
        }}
      />
      {error && (
        <p role="alert" className={`${ERROR_NOTE} max-w-md text-[12px]`} data-testid="collection-import-error">
          {error}
        </p>
      )}
    </div>
  );
}
