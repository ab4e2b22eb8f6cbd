"use client";

// A server asks the user for something in the middle of a call: a form to fill
// (elicitation) or a message to write in place of a model (sampling). The user accepts,
// declines or cancels; the answer goes back to the server and the call goes on.
import Form from "@rjsf/core";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import type { IChangeEvent } from "@rjsf/core";
import type { RJSFSchema } from "@rjsf/utils";
import { useMemo, useState, type ReactNode } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { formSchema } from "@/lib/json-schema/form-schema";
import { FormBoundary } from "./form-boundary";
import { useFormValidator } from "./form-validator";
import { buttonTemplates } from "./rjsf-buttons";
import { formTemplates, UnsupportedFieldTemplate } from "./rjsf-templates";
import type { InputRequest } from "./run-tool";

type Answer = { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown>; text?: string };

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

export function InputRequestPanel({ request, onDone }: { request: InputRequest; onDone: () => void }): ReactNode {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [content, setContent] = useState<Record<string, unknown>>({});
  const [text, setText] = useState("");
  const schema = useMemo(
    () => formSchema((request.params.requestedSchema ?? { type: "object" }) as RJSFSchema),
    [request.params.requestedSchema],
  );
  const validation = useFormValidator(schema);

  const answer = async (body: Answer): Promise<void> => {
    setSending(true);
    setError(null);
    try {
      await fetchJson(`/api/servers/${encodeURIComponent(request.serverId)}/inputs/${encodeURIComponent(request.id)}`, {
        method: "POST",
        body: JSON.stringify(body),
      });
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setSending(false);
    }
  };

  const refuse = (
    <>
      <button
        type="button"
        className={BUTTON_SECONDARY}
        disabled={sending}
        onClick={() => answer({ action: "decline" })}
        data-testid="input-decline"
      >
        Decline
      </button>
      <button
        type="button"
        className={BUTTON_SECONDARY}
        disabled={sending}
        onClick={() => answer({ action: "cancel" })}
        data-testid="input-cancel"
      >
        Cancel
      </button>
    </>
  );

  const unrenderable = (reason: string): ReactNode => (
    <div role="alert" data-testid="input-unrenderable">
      <p className="mb-3 text-[13px] text-amber-800 dark:text-amber-300">
        Toolscope cannot show the form this server asks for ({reason}). Decline or cancel the request.
      </p>
      <div className="flex gap-2">{refuse}</div>
    </div>
  );

  return (
    <section
      className="mt-4 rounded-lg border border-indigo-200 bg-indigo-50/50 p-4 dark:border-indigo-900 dark:bg-indigo-950/20"
      data-testid="input-request"
      data-kind={request.kind}
      aria-label="The server asks for input"
    >
      <h2 className="text-sm font-semibold">
        {request.kind === "elicitation" ? "The server asks for input" : "The server asks for a model reply"}
      </h2>
      {request.kind === "elicitation" ? (
        <>
          <p className="mt-1 mb-3 text-[13px] whitespace-pre-wrap text-zinc-700 dark:text-zinc-300" data-testid="input-message">
            {String(request.params.message ?? "")}
          </p>
          {validation.status === "failed" ? (
            unrenderable(validation.reason)
          ) : validation.status === "preparing" ? (
            <>
              <p className="mb-3 text-[13px] text-muted" role="status" data-testid="input-preparing">
                Preparing the form…
              </p>
              <div className="flex gap-2">{refuse}</div>
            </>
          ) : (
            <FormBoundary fallback={unrenderable}>
              <Form
                className="rjsf-theme"
                schema={schema}
                validator={validation.validator}
                formData={content}
                onChange={(e: IChangeEvent) => setContent((e.formData ?? {}) as Record<string, unknown>)}
                onSubmit={(e: IChangeEvent) => answer({ action: "accept", content: (e.formData ?? {}) as Record<string, unknown> })}
                noHtml5Validate
                templates={{ ...formTemplates, UnsupportedFieldTemplate, ButtonTemplates: buttonTemplates }}
                uiSchema={{ "ui:submitButtonOptions": { norender: true } }}
                idPrefix={`input-${request.id}`}
                disabled={sending}
              >
                <div className="flex gap-2">
                  <button type="submit" className={BUTTON_PRIMARY} disabled={sending} data-testid="input-accept">
                    Accept
                  </button>
                  {refuse}
                </div>
              </Form>
            </FormBoundary>
          )}
        </>
      ) : (
        <>
          <ol className="mt-2 space-y-2 text-[13px]">
            {messagesOf(request.params).map((m, i) => (
              <li key={i} className="rounded-md bg-white p-2 dark:bg-zinc-900">
                <span className="text-[11px] font-medium text-muted uppercase">{m.role}</span>
                <p className="whitespace-pre-wrap">{m.text}</p>
              </li>
            ))}
          </ol>
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-label="Your reply"
            className="mt-3 block min-h-24 w-full rounded-md border border-zinc-300 bg-white p-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            data-testid="sampling-reply"
          />
          <div className="mt-3 flex gap-2">
            <button
              type="button"
              className={BUTTON_PRIMARY}
              disabled={sending || !text.trim()}
              onClick={() => answer({ action: "accept", text })}
              data-testid="input-accept"
            >
              Send reply
            </button>
            {refuse}
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="mt-2 text-xs text-rose-600">
          {error}
        </p>
      )}
    </section>
  );
}
