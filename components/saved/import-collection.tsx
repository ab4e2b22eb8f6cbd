"use client";

// Import a collection file (docs/collections.md): it becomes a new collection of new saved calls.
import type { ReactNode } from "react";
import { ImportJsonFile } from "@/components/ui/import-json-file";
import { fetchJson } from "@/lib/client/fetch-json";
import type { CollectionView } from "@/lib/domain/saved-shapes";

export function ImportCollection(): ReactNode {
  return (
    <ImportJsonFile
      label="Import collection…"
      fileLabel="Collection file"
      testId="collection-import"
      save={async (document) => {
        const { collection } = await fetchJson<{ collection: CollectionView }>("/api/collections/import", {
          method: "POST",
          body: JSON.stringify(document),
        });
        return `/saved/collections/${collection.id}`;
      }}
    />
  );
}
