"use client";

// Import a collection file (docs/collections.md): it becomes a new collection of new saved calls.
import type { ReactNode } from "react";
import { ImportJsonFile } from "@/components/ui/import-json-file";
import { api } from "@/components/api/client";

export function ImportCollection(): ReactNode {
  return (
    <ImportJsonFile
      label="Import collection…"
      fileLabel="Collection file"
      testId="collection-import"
      save={async (document) => {
        const { collection } = await api("POST /api/collections/import", { body: document });
        return `/saved/collections/${collection.id}`;
      }}
    />
  );
}
