"use client";

// Import a suite file (docs/evals.md): it becomes a new suite.
import type { ReactNode } from "react";
import { ImportJsonFile } from "@/components/ui/import-json-file";
import { api } from "@/components/api/client";

export function ImportSuite(): ReactNode {
  return (
    <ImportJsonFile
      label="Import suite…"
      fileLabel="Suite file"
      testId="suite-import"
      save={async (document) => {
        const saved = await api("POST /api/evals", { body: document });
        return `/evals/${saved.id}`;
      }}
    />
  );
}
