"use client";

// Allow or deny an agent acting as the signed-in person. The decision goes to better-auth's
// consent endpoint with the signed request this page was opened with; the browser then goes
// where it answers: back to the agent, with a code or with access_denied.
import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import type { ConsentRequest } from "@/lib/auth/agent-consent-shape";
import { api } from "@/components/api/client";
import { ErrorNote } from "@/components/ui/error-note";

type Props = { request: Extract<ConsentRequest, { ok: true }> };

export function ConsentForm({ request }: Props): ReactNode {
  const [sending, setSending] = useState<"allow" | "deny" | null>(null);
  const [error, setError] = useState<string | null>(null);

  const decide = async (accept: boolean): Promise<void> => {
    setSending(accept ? "allow" : "deny");
    setError(null);
    try {
      const answer = await api("POST /api/auth/oauth2/consent", {
        body: { accept, oauth_query: window.location.search.slice(1) },
      });
      const to = answer.url ?? answer.redirect_uri;
      if (!to) throw new Error("The authorization server gave no address to return to.");
      window.location.assign(to);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setSending(null);
    }
  };

  const { client, person } = request;
  // An agent that names itself by URL (a Client ID Metadata Document): its name is what the document there says.
  const document = client.id.startsWith("https://") ? client.id : null;
  return (
    <div data-testid="consent">
      <h1 className="text-base font-semibold tracking-tight">
        Let <span className="break-all">{client.name}</span> act as you?
      </h1>
      <p className="mt-2 text-[13px] text-muted">
        An agent is asking to use Toolscope&apos;s MCP endpoint as{" "}
        <strong className="text-zinc-900 dark:text-zinc-100">{person.name}</strong>
        {person.email ? ` (${person.email})` : ""}, with your role ({person.role}) and your access to servers.
      </p>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1.5 text-[13px]">
        <dt className="text-muted">Agent</dt>
        <dd className="break-all">
          {client.name}
          {client.uri && <span className="text-muted"> · {client.uri}</span>}
        </dd>
        {document && (
          <>
            <dt className="text-muted">Described at</dt>
            <dd className="font-mono text-[12px] break-all">{document}</dd>
          </>
        )}
        <dt className="text-muted">Returns you to</dt>
        <dd className="font-mono text-[12px] break-all">{request.redirectTo}</dd>
        {request.resource && (
          <>
            <dt className="text-muted">Access to</dt>
            <dd className="font-mono text-[12px] break-all">{request.resource}</dd>
          </>
        )}
      </dl>
      <h2 className="mt-4 text-[13px] font-medium">It will be able to</h2>
      <ul className="mt-1.5 list-disc space-y-1 pl-5 text-[13px]">
        {request.abilities.map((ability) => (
          <li key={ability}>{ability}</li>
        ))}
      </ul>
      <p className="mt-3 text-[12px] text-muted">
        Only allow agents you started yourself.{" "}
        {document
          ? `The name above is the one its document at ${new URL(document).host} gives.`
          : "The name above is the one the agent gave itself."}
      </p>
      <ErrorNote message={error} className="mt-3" />
      <div className="mt-5 flex justify-end gap-2">
        <Button className={BUTTON_SECONDARY} isDisabled={sending !== null} onPress={() => void decide(false)}>
          {sending === "deny" ? "Denying…" : "Deny"}
        </Button>
        <Button className={BUTTON_PRIMARY} isDisabled={sending !== null} onPress={() => void decide(true)}>
          {sending === "allow" ? "Allowing…" : "Allow"}
        </Button>
      </div>
    </div>
  );
}
