"use client";

// The frame the Resources, Prompts and Skills pages share: a title with Refresh,
// and what the listing said before there is anything to show (an error, still listing, a server
// that does not offer this, more than Toolscope shows).
import { Button } from "@/components/ui/button";
import type { ReactNode } from "react";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { ErrorNote } from "@/components/ui/error-note";

export function FeaturePage<L extends { supported: boolean; truncated: boolean }>({
  part,
  title,
  listing,
  error,
  onRefresh,
  changedAt,
  children,
}: {
  part: "resources" | "prompts" | "skills";
  title: string;
  listing: L | null;
  error: string | null;
  onRefresh: () => void;
  /** When the server last said this list changed (it was listed again then). */
  changedAt?: string | null | undefined;
  /** What the page shows of a listing the server supports. */
  children: (listing: L) => ReactNode;
}): ReactNode {
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-8" data-testid={`${part}-view`}>
      <div className="flex items-center gap-3">
        <h1 className="text-lg font-semibold tracking-tight">{title}</h1>
        {/* A server may change its list at any time: ask for it again. */}
        <Button className={BUTTON_SECONDARY} onPress={onRefresh} aria-label={`Refresh ${part}`}>
          Refresh
        </Button>
      </div>
      {changedAt && (
        <p className="mt-1 text-xs text-muted" data-testid="list-changed">
          The server said its {part} changed at {new Date(changedAt).toLocaleTimeString()}: listed again.
        </p>
      )}
      <ErrorNote message={error} className="mt-4" />
      {!listing && !error && <p className="mt-4 text-sm text-muted">Listing…</p>}
      {listing && !listing.supported && (
        <p className="mt-4 text-sm text-muted">
          This server does not offer {part} (it declares no {part === "skills" ? "skills extension" : `${part} capability`}).
        </p>
      )}
      {listing?.truncated && (
        <p className="mt-2 text-xs text-amber-700 dark:text-amber-400">
          The server lists more than Toolscope shows; the rest are left out.
        </p>
      )}
      {listing?.supported && children(listing)}
    </div>
  );
}
