"use client";

// A server's sampling request, answered by the person: the conversation it sends, and a reply to
// write, or, when the server's settings name a model, that model's draft to send as it is, edit or
// decline. A model that failed says why, and the person writes the reply instead.
import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import type { SamplingDraft } from "@/lib/domain/sampling";

function messagesOf(params: Record<string, unknown>): { role: string; text: string }[] {
  const messages = Array.isArray(params.messages) ? (params.messages as { role?: string; content?: unknown }[]) : [];
  return messages.map((m) => {
    const parts = Array.isArray(m.content) ? m.content : [m.content];
    const text = parts
      .map((c) =>
        c && typeof c === "object" && "text" in c
          ? String((c as { text: unknown }).text)
          : `[${(c as { type?: string })?.type ?? "content"}]`,
      )
      .join("\n");
    return { role: String(m.role ?? "user"), text };
  });
}

function DraftNote({ draft, edited }: { draft: SamplingDraft; edited: boolean }): ReactNode {
  if ("error" in draft)
    return (
      <p role="alert" className="mt-3 text-[13px] text-amber-800 dark:text-amber-300" data-testid="sampling-draft-error">
        {draft.model} could not draft a reply: {draft.error} Write the reply yourself, or decline.
      </p>
    );
  const tokens = draft.usage ? ` (${draft.usage.inputTokens ?? "?"} tokens in, ${draft.usage.outputTokens ?? "?"} out)` : "";
  return (
    <p className="mt-3 text-[13px] text-zinc-700 dark:text-zinc-300" data-testid="sampling-draft-note">
      Drafted by <strong className="font-medium">{draft.model}</strong>
      {tokens}.{" "}
      {edited
        ? "You edited it: the server is told the reply is the model's draft, edited by a person."
        : "Send it as it is, edit it, or decline."}
    </p>
  );
}

export function SamplingReply({
  params,
  draft,
  sending,
  onSend,
  refuse,
}: {
  params: Record<string, unknown>;
  draft: SamplingDraft | undefined;
  sending: boolean;
  onSend: (text: string) => void;
  /** The Decline and Cancel buttons. */
  refuse: ReactNode;
}): ReactNode {
  const drafted = draft && "text" in draft ? draft.text : undefined;
  const [text, setText] = useState(drafted ?? "");
  const edited = drafted !== undefined && text !== drafted;
  const system = typeof params.systemPrompt === "string" ? params.systemPrompt : "";
  return (
    <>
      {system && (
        <p className="mt-2 text-[13px] whitespace-pre-wrap text-muted" data-testid="sampling-system">
          <span className="text-[11px] font-medium uppercase">System</span> {system}
        </p>
      )}
      <ol className="mt-2 space-y-2 text-[13px]">
        {messagesOf(params).map((m, i) => (
          <li key={i} className="rounded-md bg-white p-2 dark:bg-zinc-900">
            <span className="text-[11px] font-medium text-muted uppercase">{m.role}</span>
            <p className="whitespace-pre-wrap">{m.text}</p>
          </li>
        ))}
      </ol>
      {draft && <DraftNote draft={draft} edited={edited} />}
      <textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={drafted === undefined ? "Your reply" : `Reply drafted by ${draft!.model}`}
        className="mt-3 block min-h-24 w-full rounded-md border border-zinc-300 bg-white p-2 text-sm focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900"
        data-testid="sampling-reply"
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button className={BUTTON_PRIMARY} isDisabled={sending || !text.trim()} onPress={() => onSend(text)} data-testid="input-accept">
          {drafted !== undefined && !edited ? "Send draft" : "Send reply"}
        </Button>
        {edited && (
          <Button className={BUTTON_SECONDARY} isDisabled={sending} onPress={() => setText(drafted)} data-testid="sampling-restore">
            Restore draft
          </Button>
        )}
        {refuse}
      </div>
    </>
  );
}
