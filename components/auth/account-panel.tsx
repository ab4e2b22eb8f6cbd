"use client";

// The signed-in person's own page: personal API tokens (create, shown once; revoke), the agents
// they allowed by OAuth, sessions (this one and the others; sign out everywhere) and their password.
import { Button } from "@/components/ui/button";
import { useState, type FormEvent, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, INPUT, PANEL_SECTION } from "@/components/ui/classes";
import { useApiData } from "@/components/ui/use-api-data";
import type { SessionSummary } from "@/lib/auth/people-shape";
import type { PersonalToken } from "@/lib/auth/personal-tokens-shape";
import { TOKEN_SCOPES, type TokenScope } from "@/lib/domain/roles";
import { api } from "@/components/api/client";
import { AgentGrants } from "./agent-grants";
import { TokenList } from "./token-list";
import { useViewer } from "./viewer";
import { ErrorNote } from "@/components/ui/error-note";
import { Checkbox } from "@/components/ui/checkbox";

const EXPIRY = [
  { label: "30 days", days: 30 },
  { label: "90 days", days: 90 },
  { label: "1 year", days: 365 },
  { label: "Never", days: null },
];
const SCOPE_HELP: Record<TokenScope, string> = { read: "catalogs and the audit log", call: "also call tools" };

async function loadAccount(): Promise<{ tokens: PersonalToken[]; sessions: SessionSummary[] }> {
  const [t, s] = await Promise.all([api("GET /api/tokens"), api("GET /api/sessions")]);
  return { tokens: t.tokens, sessions: s.sessions };
}

/** A full load of the sign-in page: nothing of the signed-in page may stay on screen. */
function leaveForSignIn(): void {
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/login");
}

function browserOf(agent: string | null): string {
  if (!agent) return "Unknown client";
  const match = /(Firefox|Edg|Chrome|Safari|curl|node)[/ ]?[\d.]*/.exec(agent);
  return match ? match[0] : agent.slice(0, 40);
}

export function AccountPanel(): ReactNode {
  const viewer = useViewer();
  const { data, error, setError, act } = useApiData(loadAccount);
  const tokens = data?.tokens ?? [];
  const sessions = data?.sessions ?? [];
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<TokenScope[]>(["read"]);
  const [expiry, setExpiry] = useState<number | null>(90);
  const [passwords, setPasswords] = useState({ currentPassword: "", newPassword: "" });
  // What someone who knew the old password may have opened with it: ended by default, tokens on request.
  const [afterChange, setAfterChange] = useState({ signOutOtherSessions: true, revokeTokens: false });
  const [passwordNote, setPasswordNote] = useState<string | null>(null);

  const createToken = (event: FormEvent): void => {
    event.preventDefault();
    void act(async () => {
      const answer = await api("POST /api/tokens", { body: { name, scopes, expiresInDays: expiry } });
      setCreated({ name: answer.token.name, secret: answer.secret });
      setName("");
    });
  };

  const changePassword = (event: FormEvent): void => {
    event.preventDefault();
    setPasswordNote(null);
    void act(async () => {
      const answer = await api("POST /api/account/password", { body: { ...passwords, ...afterChange } });
      setPasswords({ currentPassword: "", newPassword: "" });
      setPasswordNote(
        [
          "Password changed.",
          answer.sessionsEnded ? "Your other sessions were signed out." : "Your other sessions stay signed in.",
          afterChange.revokeTokens
            ? `${answer.tokensRevoked} personal token${answer.tokensRevoked === 1 ? " was" : "s were"} revoked.`
            : "",
        ]
          .filter(Boolean)
          .join(" "),
      );
    });
  };

  const person = viewer?.person;
  return (
    <div className="mx-auto max-w-4xl space-y-5 px-4 sm:px-8 py-6">
      <div>
        <h1 className="text-lg font-semibold tracking-tight">{person?.name ?? "Account"}</h1>
        <p className="text-[13px] text-muted">
          {person?.email} · {person?.role}
        </p>
      </div>
      <ErrorNote message={error} />

      <section className={PANEL_SECTION}>
        <h2 className="text-sm font-semibold">Personal API tokens</h2>
        <p className="mt-1 text-[13px] text-muted">
          For scripts: send <code className="font-mono">Authorization: Bearer &lt;token&gt;</code>. A token acts as you, limited by its
          scopes and by your role; calls it makes are audited under your name and the token&apos;s.
        </p>
        {created && (
          <div
            data-testid="new-token"
            className="mt-3 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-[13px] dark:border-emerald-900 dark:bg-emerald-950/40"
          >
            <div className="font-medium">Copy the token &ldquo;{created.name}&rdquo; now: it is not shown again.</div>
            <div className="mt-2 flex items-center gap-2">
              <code
                data-testid="new-token-secret"
                className="flex-1 truncate rounded bg-white px-2 py-1 font-mono text-xs dark:bg-zinc-900"
              >
                {created.secret}
              </code>
              <Button className={BUTTON_SECONDARY} onPress={() => void navigator.clipboard?.writeText(created.secret)}>
                Copy
              </Button>
              <Button className="text-xs text-muted hover:underline" onPress={() => setCreated(null)}>
                Done
              </Button>
            </div>
          </div>
        )}
        <form onSubmit={createToken} className="mt-4 flex flex-wrap items-end gap-3" data-testid="create-token">
          <label className="text-[13px]">
            <span className="mb-1 block font-medium">Name</span>
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="ci smoke tests"
              className={`${INPUT} w-56`}
              aria-label="Token name"
            />
          </label>
          <fieldset className="text-[13px]">
            <legend className="mb-1 font-medium">Scopes</legend>
            <div className="flex h-8 items-center gap-3">
              {TOKEN_SCOPES.map((scope) => (
                <Checkbox
                  key={scope}
                  className="flex items-center gap-1.5"
                  title={SCOPE_HELP[scope]}
                  isSelected={scopes.includes(scope)}
                  onChange={(checked) => setScopes((s) => (checked ? [...s, scope] : s.filter((x) => x !== scope)))}
                >
                  {scope}
                </Checkbox>
              ))}
            </div>
          </fieldset>
          <label className="text-[13px]">
            <span className="mb-1 block font-medium">Expires</span>
            <select
              value={expiry === null ? "never" : String(expiry)}
              onChange={(e) => setExpiry(e.target.value === "never" ? null : Number(e.target.value))}
              className={`${INPUT} w-32`}
              aria-label="Expires"
            >
              {EXPIRY.map((option) => (
                <option key={option.label} value={option.days === null ? "never" : option.days}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" isDisabled={!name.trim() || scopes.length === 0} className={BUTTON_PRIMARY}>
            Create token
          </Button>
        </form>
        <div className="mt-4">
          <TokenList
            tokens={tokens}
            onRevoke={(token) => void act(() => api("DELETE /api/tokens/:tokenId", { params: { tokenId: token.id } }))}
          />
        </div>
      </section>

      <AgentGrants />

      <section className={PANEL_SECTION}>
        <div className="flex items-center justify-between">
          <h2 className="text-sm font-semibold">Sessions</h2>
          <Button
            data-testid="sign-out-everywhere"
            className={BUTTON_SECONDARY}
            onPress={() =>
              void api("DELETE /api/sessions").then(
                () => leaveForSignIn(),
                (e: Error) => setError(e.message),
              )
            }
          >
            Sign out everywhere
          </Button>
        </div>
        <ul className="mt-3 divide-y divide-zinc-100 text-[13px] dark:divide-zinc-900">
          {sessions.map((s) => (
            <li key={s.id} className="flex items-center gap-3 py-2">
              <span className="font-medium">{browserOf(s.userAgent)}</span>
              <span className="text-muted">{s.ipAddress ?? ""}</span>
              <span className="text-muted">
                signed in {new Date(s.createdAt).toLocaleString()} by {s.authMethod ?? "password"}
              </span>
              {s.current && (
                <span className="ml-auto rounded bg-indigo-50 px-1.5 text-[11px] text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                  this browser
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>

      {person?.authMethod !== "sso" && (
        <section className={PANEL_SECTION}>
          <h2 className="text-sm font-semibold">Password</h2>
          <form onSubmit={changePassword} className="mt-3 flex flex-wrap items-end gap-3">
            <label className="text-[13px]">
              <span className="mb-1 block font-medium">Current password</span>
              <input
                type="password"
                autoComplete="current-password"
                value={passwords.currentPassword}
                onChange={(e) => setPasswords((p) => ({ ...p, currentPassword: e.target.value }))}
                className={`${INPUT} w-56`}
              />
            </label>
            <label className="text-[13px]">
              <span className="mb-1 block font-medium">New password (10+ characters)</span>
              <input
                type="password"
                autoComplete="new-password"
                value={passwords.newPassword}
                onChange={(e) => setPasswords((p) => ({ ...p, newPassword: e.target.value }))}
                className={`${INPUT} w-56`}
              />
            </label>
            <Button type="submit" isDisabled={!passwords.currentPassword || passwords.newPassword.length < 10} className={BUTTON_PRIMARY}>
              Change password
            </Button>
            <fieldset className="w-full text-[13px]">
              <legend className="sr-only">When the password changes</legend>
              <Checkbox
                className="mr-5 inline-flex items-center gap-1.5"
                isSelected={afterChange.signOutOtherSessions}
                onChange={(checked) => setAfterChange((a) => ({ ...a, signOutOtherSessions: checked }))}
              >
                Sign out my other sessions
              </Checkbox>
              <Checkbox
                className="inline-flex items-center gap-1.5"
                isSelected={afterChange.revokeTokens}
                onChange={(checked) => setAfterChange((a) => ({ ...a, revokeTokens: checked }))}
                testId="revoke-tokens-on-password-change"
              >
                Revoke my personal tokens ({tokens.filter((t) => !t.revokedAt).length} active)
              </Checkbox>
            </fieldset>
          </form>
          {passwordNote && <p className="mt-2 text-[13px] text-emerald-700 dark:text-emerald-400">{passwordNote}</p>}
        </section>
      )}
    </div>
  );
}
