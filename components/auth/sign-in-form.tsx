"use client";

// The sign-in form for a Toolscope that runs with TOOLSCOPE_API_TOKEN.
import { useState, type FormEvent, type ReactNode } from "react";
import { BUTTON_PRIMARY, ERROR_NOTE, INPUT } from "@/components/ui/classes";
import { fetchJson } from "@/lib/client/fetch-json";

export function SignInForm({ returnTo }: { returnTo: string }): ReactNode {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      await fetchJson("/api/session", { method: "POST", body: JSON.stringify({ token }) });
      // A full load, so every server component renders again with the new cookie.
      window.location.assign(returnTo);
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
      <p className="mt-1 text-[13px] text-zinc-500">This Toolscope asks for its API token (TOOLSCOPE_API_TOKEN).</p>
      <label htmlFor="token" className="mt-4 mb-1 block text-[13px] font-medium">
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
      {error && (
        <p role="alert" className={`mt-3 ${ERROR_NOTE}`}>
          {error}
        </p>
      )}
      <button type="submit" disabled={sending || !token} className={`mt-4 w-full justify-center ${BUTTON_PRIMARY}`}>
        {sending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
