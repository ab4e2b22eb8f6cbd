"use client";

// The sign-in page's form: email and password, "Sign in with <provider>", or the bootstrap
// token, whichever this Toolscope offers (GET /api/session's signIn).
import { Button } from "@/components/ui/button";
import { useState, type FormEvent, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, INPUT } from "@/components/ui/classes";
import type { SessionState } from "@/lib/auth/session-state";
import { api } from "@/components/api/client";
import { safeNextPath } from "@/lib/domain/safe-next";
import { ErrorNote } from "@/components/ui/error-note";

type Props = {
  returnTo: string;
  offers: SessionState["signIn"];
  notice: string | null;
  /** Why signing in is asked for now, when the page knows (an agent's authorization). */
  intro?: string | null;
};

const LABEL = "mt-3 mb-1 block text-[13px] font-medium";

export function SignInForm({ returnTo: requested, offers, notice, intro = null }: Props): ReactNode {
  // The page has checked it already; where the browser goes is decided here, so check again.
  const returnTo = safeNextPath(requested);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [token, setToken] = useState("");
  const [useToken, setUseToken] = useState(!offers.password && !offers.sso);
  const [error, setError] = useState<string | null>(notice);
  const [sending, setSending] = useState(false);

  const send = async (body: object): Promise<void> => {
    setSending(true);
    setError(null);
    try {
      await api("POST /api/session", { body });
      // A full load, so every server component renders again with the new cookie.
      window.location.assign(returnTo);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setSending(false);
    }
  };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    void send(useToken ? { token } : { email, password });
  };

  const sso = async (): Promise<void> => {
    setSending(true);
    setError(null);
    try {
      const answer = await api("POST /api/auth/sign-in/social", {
        body: { provider: "sso", callbackURL: returnTo, errorCallbackURL: "/login" },
      });
      window.location.assign(answer.url);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setSending(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      data-testid="sign-in"
      className="w-[380px] rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-950"
    >
      <h1 className="text-base font-semibold tracking-tight">Sign in to Toolscope</h1>
      {intro && (
        <p className="mt-1 text-[13px] text-muted" data-testid="sign-in-intro">
          {intro}
        </p>
      )}
      {offers.sso && (
        <Button
          data-testid="sign-in-sso"
          onPress={() => void sso()}
          isDisabled={sending}
          className={`mt-4 w-full justify-center ${BUTTON_SECONDARY}`}
        >
          Sign in with {offers.sso.name}
        </Button>
      )}
      {offers.sso && (offers.password || offers.token) && (
        <div className="my-4 flex items-center gap-3 text-[11px] tracking-wide text-muted uppercase">
          <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" /> or <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        </div>
      )}
      {useToken ? (
        <>
          <p className="mt-1 text-[13px] text-muted">The bootstrap token is TOOLSCOPE_API_TOKEN, as set where Toolscope runs.</p>
          <label htmlFor="token" className={LABEL}>
            API token
          </label>
          <input
            id="token"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={token}
            onChange={(e) => setToken(e.target.value)}
            className={INPUT}
          />
        </>
      ) : (
        offers.password && (
          <>
            <label htmlFor="email" className={LABEL}>
              Email
            </label>
            <input
              id="email"
              type="email"
              autoComplete="username"
              autoFocus={!offers.sso}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className={INPUT}
            />
            <label htmlFor="password" className={LABEL}>
              Password
            </label>
            <input
              id="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className={INPUT}
            />
          </>
        )
      )}
      <ErrorNote message={error} className="mt-3" />
      {(useToken || offers.password) && (
        <Button
          type="submit"
          isDisabled={sending || (useToken ? !token : !email || !password)}
          className={`mt-4 w-full justify-center ${BUTTON_PRIMARY}`}
        >
          {sending ? "Signing in…" : "Sign in"}
        </Button>
      )}
      {offers.token && (offers.password || offers.sso) && (
        <Button onPress={() => setUseToken((t) => !t)} className="mt-3 text-xs text-muted hover:text-indigo-600">
          {useToken ? "Sign in with an account instead" : "Use the bootstrap token instead"}
        </Button>
      )}
    </form>
  );
}
