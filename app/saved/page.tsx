import type { Metadata } from "next";
import { SAVED_KIND_LABELS } from "@/lib/domain/saved-shapes";
import Link from "next/link";
import type { ReactNode } from "react";
import { ImportCollection } from "@/components/saved/import-collection";
import { NewCollection } from "@/components/saved/new-collection";
import { RunBadge } from "@/components/saved/run-badge";
import { can } from "@/lib/domain/roles";
import { pageCaller } from "@/lib/http/page-caller";
import { listSaved } from "@/lib/saved/saved-calls";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Saved calls" };

export default async function SavedPage(): Promise<ReactNode> {
  const caller = await pageCaller();
  const { savedCalls, collections } = await listSaved(caller);
  const mayCall = can(caller, "tools:call");
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-5xl px-4 sm:px-8 py-6">
        <div className="flex flex-wrap items-start gap-3">
          <div className="min-w-0 flex-1">
            <h1 className="text-lg font-semibold tracking-tight">Saved calls and collections</h1>
            <p className="mt-1 text-sm text-muted">
              Calls saved from a tool&apos;s form, the session&apos;s history or the audit log, to run again alone or in collections, with
              checks on their results. Secret values are never saved.
            </p>
          </div>
          {mayCall && <ImportCollection />}
        </div>

        <section className="mt-6" aria-label="Collections">
          <div className="flex items-center gap-3">
            <h2 className="text-[11px] font-semibold tracking-wide text-muted uppercase">Collections</h2>
            <span className="ml-auto">{mayCall && <NewCollection />}</span>
          </div>
          {collections.length === 0 ? (
            <p className="mt-3 text-sm text-muted">No collections yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-900 dark:border-zinc-800">
              {collections.map((c) => (
                <li key={c.id}>
                  <Link
                    href={`/saved/collections/${c.id}`}
                    className="flex items-center gap-3 px-4 py-2.5 hover:bg-zinc-50 dark:hover:bg-zinc-900"
                    data-testid="collection-link"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-[13px] font-medium">{c.name}</span>
                      {c.description && <span className="block truncate text-[12px] text-muted">{c.description}</span>}
                    </span>
                    <span className="text-[12px] text-muted">
                      {c.callCount} call{c.callCount === 1 ? "" : "s"} · {c.visibility} · {c.ownerName}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="mt-8" aria-label="Saved calls">
          <h2 className="text-[11px] font-semibold tracking-wide text-muted uppercase">Saved calls</h2>
          {savedCalls.length === 0 ? (
            <p className="mt-3 text-sm text-muted">
              Nothing saved yet. Open a tool, fill in its form and press <span className="font-medium">Save</span> next to Run.
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-900 dark:border-zinc-800">
              {savedCalls.map((call) => (
                <li key={call.id}>
                  <Link
                    href={`/saved/calls/${call.id}`}
                    className="flex items-center gap-3 px-4 py-2.5 hover:bg-zinc-50 dark:hover:bg-zinc-900"
                    data-testid="saved-call-link"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-[13px] font-medium">{call.name}</span>
                      <span className="block truncate text-[12px] text-muted">
                        {call.kind !== "call" && `${SAVED_KIND_LABELS[call.kind]}: `}
                        <code className="font-mono">{call.toolName}</code> on {call.serverId} · {call.visibility} · {call.ownerName}
                      </span>
                    </span>
                    <RunBadge run={call.runs[0]} testId="call-status" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
