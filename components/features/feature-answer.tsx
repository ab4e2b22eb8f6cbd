"use client";

// What a resource read or a prompt get answered: its outcome from the one outcome table, how
// long it took, a link to its audit record, the server's error when there is one, and Save.
import Link from "next/link";
import type { ReactNode } from "react";
import { OutcomeBadge } from "@/components/audit/outcome-badge";
import type { FeatureResponse } from "@/lib/domain/server-features";
import { BUTTON_SECONDARY, ERROR_NOTE } from "@/components/ui/classes";
import { useCan } from "@/components/auth/viewer";
import { SaveCallButton, type CallToSave } from "@/components/saved/save-call-dialog";

/** `save`: what a Save button beside it saves (shown to those who may call). */
export function FeatureAnswerHeader({ response, save }: { response: FeatureResponse<unknown>; save?: CallToSave }): ReactNode {
  const mayCall = useCan("tools:call");
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px]" data-testid="feature-answer">
      <OutcomeBadge outcome={response.status} code={response.error?.code ?? null} outputVerdict={null} />
      <span className="text-muted">{response.durationMs} ms</span>
      <Link
        href={`/audit?selected=${encodeURIComponent(response.auditId)}`}
        className="text-indigo-600 hover:underline dark:text-indigo-400"
      >
        Audit record
      </Link>
      {save && mayCall && <SaveCallButton className={`${BUTTON_SECONDARY} ml-auto`} label="Save" call={save} />}
      {response.error && (
        <p role="alert" className={`${ERROR_NOTE} w-full`} data-testid="feature-error">
          {response.error.message}
        </p>
      )}
    </div>
  );
}
