"use client";

// A server asks the user for something in the middle of a call: a form to fill or a page to open
// (elicitation, url-elicitation.tsx) or a message to write in place of a model (sampling, sampling-reply.tsx: perhaps
// a model's draft to send). The user accepts, declines or cancels; the answer goes back to the
// server and the call goes on.
import { Button } from "@/components/ui/button";
import Form from "@rjsf/core";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import type { IChangeEvent } from "@rjsf/core";
import type { RJSFSchema } from "@rjsf/utils";
import { useMemo, useState, type ReactNode } from "react";
import { api } from "@/components/api/client";
import { formSchema } from "@/lib/domain/form-schema";
import { FormBoundary } from "./form-boundary";
import { useFormValidator } from "./form-validator";
import { buttonTemplates } from "./rjsf-buttons";
import { formTemplates, UnsupportedFieldTemplate } from "./rjsf-templates";
import type { InputRequest } from "./run-tool";
import { SamplingReply } from "./sampling-reply";
import { UrlElicitation } from "./url-elicitation";

type Answer = { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown>; text?: string };

export function InputRequestPanel({ request, onDone }: { request: InputRequest; onDone: () => void }): ReactNode {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [content, setContent] = useState<Record<string, unknown>>({});
  const schema = useMemo(
    () => formSchema((request.params.requestedSchema ?? { type: "object" }) as RJSFSchema),
    [request.params.requestedSchema],
  );
  const validation = useFormValidator(schema);

  const answer = async (body: Answer): Promise<void> => {
    setSending(true);
    setError(null);
    try {
      await api("POST /api/servers/:serverId/inputs/:inputId", { params: { serverId: request.serverId, inputId: request.id }, body });
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setSending(false);
    }
  };

  const refuse = (
    <>
      <Button className={BUTTON_SECONDARY} isDisabled={sending} onPress={() => answer({ action: "decline" })} data-testid="input-decline">
        Decline
      </Button>
      <Button className={BUTTON_SECONDARY} isDisabled={sending} onPress={() => answer({ action: "cancel" })} data-testid="input-cancel">
        Cancel
      </Button>
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
      {request.kind === "elicitation" && request.params.mode === "url" ? (
        <UrlElicitation params={request.params} sending={sending} onAccept={() => void answer({ action: "accept" })} refuse={refuse} />
      ) : request.kind === "elicitation" ? (
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
                  <Button type="submit" className={BUTTON_PRIMARY} isDisabled={sending} data-testid="input-accept">
                    Accept
                  </Button>
                  {refuse}
                </div>
              </Form>
            </FormBoundary>
          )}
        </>
      ) : (
        <SamplingReply
          params={request.params}
          draft={request.draft}
          sending={sending}
          onSend={(text) => answer({ action: "accept", text })}
          refuse={refuse}
        />
      )}
      {error && (
        <p role="alert" className="mt-2 text-xs text-rose-600">
          {error}
        </p>
      )}
    </section>
  );
}
