// Where a recorded call was made from (lib/domain/audit-via.ts): a quiet tag in the log's table, a
// sentence (with a link to the saved call) in a record's detail. Nothing for the form or the API.
import Link from "next/link";
import type { ReactNode } from "react";
import { parseVia, viaSentence, viaTag } from "@/lib/domain/audit-via";

export function ViaTag({ via }: { via: string | null }): ReactNode {
  const tag = viaTag(via);
  if (!tag) return null;
  return (
    <span
      className="ml-1.5 rounded border border-zinc-200 px-1 py-px font-sans text-[10px] text-muted dark:border-zinc-700 dark:text-zinc-400"
      title={viaSentence(via) ?? undefined}
      data-testid="audit-via"
    >
      {tag}
    </span>
  );
}

export function ViaSentence({ via }: { via: string }): ReactNode {
  const parsed = parseVia(via);
  return (
    <span data-testid="audit-detail-via">
      {parsed?.kind === "saved" ? (
        <>
          Saved call{" "}
          <Link
            href={`/saved/calls/${encodeURIComponent(parsed.savedCallId)}`}
            className="font-mono text-indigo-600 hover:underline dark:text-indigo-400"
          >
            {parsed.savedCallId}
          </Link>
          , run alone or in a collection
        </>
      ) : (
        viaSentence(via)
      )}
    </span>
  );
}
