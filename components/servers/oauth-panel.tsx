"use client";

// The OAuth view on a server's page: whose authorization the viewer's requests use, what it
// holds (scope, expiry, refresh token, client), Authorize / Revoke, and the journal of every
// step as it happened (discovery URLs and answers, registration, the authorization request,
// token exchange, refresh, failures), secrets masked by the server before they get here.
import { Button } from "@/components/ui/button";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import { ApiError } from "@/lib/client/fetch-json";
import type { ServerSnapshot } from "@/lib/domain/mcp-types";
import { JOURNAL_STEP_LABELS, type AuthorizationView, type JournalEntry } from "@/lib/domain/oauth-journal-types";
import { AuthorizeButton } from "./authorize-button";
import { ErrorNote } from "@/components/ui/error-note";
import { Disclosure } from "@/components/ui/disclosure";

const VIA: Record<string, string> = {
  registration: "dynamic client registration",
  "metadata-document": "client ID metadata document",
  settings: "entered in the server's OAuth settings",
};

function Fact({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <div className="grid grid-cols-[160px_1fr] gap-4 border-b border-zinc-100 py-1.5 text-[13px] last:border-0 dark:border-zinc-900">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 font-mono text-xs break-words">{children}</dd>
    </div>
  );
}

function expiry(iso: string | null): string {
  if (!iso) return "not given";
  const seconds = Math.round((Date.parse(iso) - Date.now()) / 1000);
  const when = new Date(iso).toLocaleString();
  if (seconds <= 0) return `expired ${when} (refreshed on the next call)`;
  return seconds < 120 ? `in ${seconds} s (${when})` : `in ${Math.round(seconds / 60)} min (${when})`;
}

function Headers({ title, headers }: { title: string; headers: Record<string, string> | undefined }): ReactNode {
  if (!headers || Object.keys(headers).length === 0) return null;
  return (
    <div>
      <div className="text-[11px] tracking-wide text-muted uppercase">{title}</div>
      <pre className="mt-0.5 font-mono text-[11px] whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">
        {Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join("\n")}
      </pre>
    </div>
  );
}

function Body({ title, text }: { title: string; text: string | undefined }): ReactNode {
  if (!text) return null;
  return (
    <div>
      <div className="text-[11px] tracking-wide text-muted uppercase">{title}</div>
      <pre
        tabIndex={0}
        className="mt-0.5 max-h-64 overflow-auto rounded bg-zinc-50 p-2 font-mono text-[11px] whitespace-pre-wrap text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300"
      >
        {text}
      </pre>
    </div>
  );
}

function JournalRow({ entry }: { entry: JournalEntry }): ReactNode {
  const http = entry.http;
  const hasDetails = Boolean(http || (entry.facts && Object.keys(entry.facts).length > 0));
  const head = (
    <span className="flex min-w-0 items-baseline gap-2">
      <span className={`size-1.5 shrink-0 translate-y-[-1px] rounded-full ${entry.ok ? "bg-emerald-500" : "bg-rose-500"}`} aria-hidden />
      <span className="w-16 shrink-0 font-mono text-[11px] text-muted">{new Date(entry.at).toLocaleTimeString("en-GB")}</span>
      <span className="w-56 shrink-0 font-medium">{JOURNAL_STEP_LABELS[entry.step]}</span>
      <span className={`min-w-0 truncate ${entry.ok ? "text-zinc-600 dark:text-zinc-400" : "text-rose-700 dark:text-rose-400"}`}>
        {http ? `${http.method} ${http.url} · ` : ""}
        {entry.summary}
      </span>
    </span>
  );
  if (!hasDetails) return <li className="px-3 py-1.5 text-[13px]">{head}</li>;
  return (
    <li className="text-[13px]">
      <Disclosure className="group" triggerClassName="  px-3 py-1.5 hover:bg-zinc-50 dark:hover:bg-zinc-900" title={<>{head}</>}>
        <div className="space-y-2 border-t border-zinc-100 bg-white px-3 py-2 dark:border-zinc-900 dark:bg-zinc-950">
          {entry.facts && (
            <dl>
              {Object.entries(entry.facts).map(([k, v]) => (
                <Fact key={k} label={k}>
                  {v}
                </Fact>
              ))}
            </dl>
          )}
          {http && (
            <>
              <div className="font-mono text-[11px] break-all text-zinc-600 dark:text-zinc-400">
                {http.method} {http.url} → {http.status ?? http.error ?? "no answer"}
                {http.durationMs !== undefined ? ` · ${http.durationMs} ms` : ""}
              </div>
              <Headers title="Request headers" headers={http.requestHeaders} />
              <Body title="Request body" text={http.requestBody} />
              <Headers title="Response headers" headers={http.responseHeaders} />
              <Body title="Response body" text={http.responseBody} />
            </>
          )}
        </div>
      </Disclosure>
    </li>
  );
}

export function OAuthPanel({ server }: { server: ServerSnapshot }): ReactNode {
  const [view, setView] = useState<AuthorizationView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const serverId = server.id;
  const load = useCallback(() => {
    api("GET /api/servers/:serverId/oauth", { params: { serverId } })
      .then((v) => {
        setView(v);
        setError(null);
      })
      .catch((failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure)));
  }, [serverId]);
  // A command has no OAuth: nothing to ask (the API would answer bad_request:oauth).
  const command = server.transport === "stdio";
  // Reloaded whenever the connection's state changes (a refresh, an authorization, a revoke).
  useEffect(() => {
    if (!command) load();
  }, [load, command, server.status, server.oauth?.required]);

  if (command || (!server.oauth && !view?.authorized && !view?.journal.length)) return null;
  const shared = view?.principal === "shared";
  const mayAct = !shared || view?.canManageShared || view?.sharing === "personal";
  const target = shared && view?.sharing === "shared" ? "shared" : "me";
  return (
    <section className="mt-8" data-testid="oauth-panel" aria-labelledby="oauth-heading">
      <div className="flex items-center justify-between gap-3">
        <h2 id="oauth-heading" className="text-sm font-semibold">
          Authorization (OAuth)
        </h2>
        <div className="flex items-center gap-2">
          <Button className={BUTTON_SECONDARY} onPress={load} data-testid="oauth-refresh">
            Refresh
          </Button>
          {view && mayAct && view.grant === "authorization_code" && (
            <AuthorizeButton
              serverId={server.id}
              target={target}
              label={view.authorized ? "Authorize again" : "Authorize"}
              secondary={view.authorized}
              onAuthorized={load}
            />
          )}
          {view?.authorized && mayAct && (
            <Button
              className={BUTTON_SECONDARY}
              data-testid="oauth-revoke"
              onPress={async () => {
                try {
                  await api("DELETE /api/servers/:serverId/oauth", { params: { serverId }, query: { target } });
                  load();
                } catch (failure) {
                  setError(failure instanceof ApiError ? failure.message : String(failure));
                }
              }}
            >
              Revoke
            </Button>
          )}
        </div>
      </div>
      <p className="mt-1 text-[13px] text-muted">
        {view?.grant === "client_credentials"
          ? "Toolscope authorizes as a client of its own (client credentials): no one is asked."
          : view?.grant === "jwt_bearer"
            ? "Toolscope authorizes as this workload: the JWT its platform gives it is the grant (workload identity), and no one is asked."
            : view?.grant === "enterprise"
              ? "Your company sign-in is exchanged for access at the identity provider (enterprise-managed authorization): no consent page."
              : shared
                ? view?.sharing === "shared"
                  ? "One authorization serves everyone who uses this server."
                  : "Toolscope's own authorization of this server."
                : "Your own authorization: calls you make use your token, and no one else's calls do."}{" "}
        Tokens stay on Toolscope&apos;s server, encrypted; the browser never sees them.
      </p>
      <ErrorNote message={error} className="mt-2" />
      {view && (
        <dl className="mt-3 rounded-lg border border-zinc-200 px-4 dark:border-zinc-800" data-testid="oauth-facts">
          <Fact label="Status">
            <span data-testid="oauth-status">{view.authorized ? "authorized" : "authorization required"}</span>
          </Fact>
          <Fact label="Scope">
            {view.scope ?? view.requestedScope ?? (view.challengeScope ? `(server asks for ${view.challengeScope})` : "—")}
          </Fact>
          {view.authorized && <Fact label="Access token expires">{expiry(view.expiresAt)}</Fact>}
          {view.authorized && <Fact label="Refresh token">{view.hasRefreshToken ? "yes" : "no"}</Fact>}
          <Fact label="Authorization server">{view.issuer ?? "—"}</Fact>
          <Fact label="Client">{view.client ? `${view.client.id} (${VIA[view.client.via] ?? view.client.via})` : "—"}</Fact>
        </dl>
      )}
      {view && view.journal.length > 0 && (
        <div className="mt-4">
          <h3 className="text-[11px] font-medium tracking-wide text-muted uppercase">What happened</h3>
          <ol
            className="mt-1 divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-900 dark:border-zinc-800"
            data-testid="oauth-journal"
          >
            {view.journal.slice(-60).map((entry) => (
              <JournalRow key={entry.id} entry={entry} />
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
