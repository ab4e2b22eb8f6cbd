"use client";

// Import a suite file (docs/evals.md): it becomes a new suite.
import type { ReactNode } from "react";
import { ImportJsonFile } from "@/components/ui/import-json-file";
import { fetchJson } from "@/lib/client/fetch-json";

export function ImportSuite(): ReactNode {
  return (
    <ImportJsonFile
      label="Import suite…"
      fileLabel="Suite file"
      testId="suite-import"
      save={async (document) => {
        const saved = await fetchJson<{ id: string }>("/api/evals", { method: "POST", body: JSON.stringify(document) });
        return `/evals/${saved.id}`;
      }}
    />
  );
}
