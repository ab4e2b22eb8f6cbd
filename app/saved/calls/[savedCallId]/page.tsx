import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { ReadOnlyCallView } from "@/components/saved/read-only-call";
import { RunCompare } from "@/components/saved/run-compare";
import { EditSavedCall } from "@/components/saved/edit-saved-call";
import { RunSavedCall } from "@/components/saved/run-saved-call";
import { SavedAnswer } from "@/components/saved/saved-answer";
import { SAVED_KIND_LABELS } from "@/lib/domain/saved-shapes";
import { can } from "@/lib/domain/roles";
import { pageCaller } from "@/lib/http/page-caller";
import { nullIfNotFound } from "@/lib/errors";
import { describeCheck } from "@/lib/domain/saved-checks";
import { withoutSecrets } from "@/lib/domain/saved-secret-fields";
import { getSavedCall } from "@/lib/saved/saved-calls";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Saved call" };

/** A saved call, read-only (a link to share): its inputs, its latest run's result, outcome, who and when. */
export default async function SavedCallPage({ params }: { params: Promise<{ savedCallId: string }> }): Promise<ReactNode> {
  const { savedCallId } = await params;
  const caller = await pageCaller();
  const found = await getSavedCall(savedCallId, caller).catch(nullIfNotFound);
  if (!found) notFound();
  const call = found.savedCall;
  const latest = call.runs[0];
  const server = `/servers/${encodeURIComponent(call.serverId)}`;
  // A read or a get opens the server's Resources or Prompts page; a tool call its form, filled in.
  const workbench =
    call.kind === "resource_read"
      ? `${server}/resources`
      : call.kind === "prompt_get"
        ? `${server}/prompts`
        : `${server}/tools/${encodeURIComponent(call.toolName)}?args=${encodeURIComponent(JSON.stringify(withoutSecrets(call.arguments, call.secretFields)))}`;
  const answer = latest?.answer;
  return (
    <div className="h-full overflow-y-auto">
      <ReadOnlyCallView
        call={{
          title: call.name,
          serverId: call.serverId,
          toolName: call.toolName,
          kindLabel: call.kind === "call" ? null : SAVED_KIND_LABELS[call.kind],
          arguments: call.arguments,
          outcome: latest ? (latest.outcome === "not_run" ? null : latest.outcome) : null,
          outputVerdict: latest?.response?.outputValidation.verdict,
          who: latest ? `run by ${latest.actorName}` : `saved by ${call.ownerName}`,
          when: latest?.startedAt ?? call.createdAt,
          response: latest?.response ?? null,
          noResponse: latest
            ? latest.responseHidden
              ? "Someone else's run: its result is shown to auditors and admins only."
              : (latest.error ?? "No result.")
            : "Not run yet.",
        }}
        result={
          call.runs.length > 1 ? (
            <RunCompare runs={call.runs} serverId={call.serverId} kind={call.kind} />
          ) : answer ? (
            <SavedAnswer kind={call.kind} answer={answer} serverId={call.serverId} />
          ) : undefined
        }
        actions={
          <Link
            href={workbench}
            data-testid="saved-call-workbench"
            className="rounded-md border border-zinc-300 px-2.5 py-1 text-xs hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
          >
            Open in the workbench
          </Link>
        }
      >
        {call.note && <p className="mt-3 text-[13px] whitespace-pre-wrap text-zinc-600 dark:text-zinc-300">{call.note}</p>}
        <p className="mt-2 text-[12px] text-muted">
          Saved by {call.ownerName} · {call.visibility === "shared" ? "shared with everyone" : "private"}
          {call.secretFields.length > 0 && (
            <>
              {" "}
              · secret fields, asked for at run time: <code className="font-mono">{call.secretFields.join(", ")}</code>
            </>
          )}
        </p>
        {call.checks.length > 0 && (
          <ul className="mt-2 text-[12px] text-zinc-600 dark:text-zinc-400" data-testid="saved-call-checks">
            {call.checks.map((c, i) => (
              <li key={i}>• {describeCheck(c)}</li>
            ))}
          </ul>
        )}
        {call.mine && can(caller, "tools:call") && <EditSavedCall call={call} />}
        {can(caller, "tools:call") && <RunSavedCall call={call} />}
      </ReadOnlyCallView>
    </div>
  );
}
