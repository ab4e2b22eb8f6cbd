"use client";

// The OAuth part of the server form. Nothing here is needed for most servers: discovery,
// registration and PKCE are automatic. It covers sharing (once people have accounts), a client
// registered by hand, the scope, and machine-to-machine access (client credentials). Stored
// secrets are never shown; a blank secret field keeps the stored one.
import type { ReactNode } from "react";
import { INPUT } from "@/components/ui/classes";
import type { PublicOAuthSettings } from "@/lib/domain/server-config";
import { Disclosure } from "@/components/ui/disclosure";

const LABEL = "mb-1 block text-[13px] font-medium text-zinc-700 dark:text-zinc-300";
const HELP = "mt-1 block text-xs text-muted";
const ALGORITHMS = ["ES256", "ES384", "ES512", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "EdDSA"];

/** The `oauth` entry of a server body from the form, or undefined when nothing is set. Secrets left blank are null: keep. */
export function oauthFromForm(form: FormData, existing: PublicOAuthSettings | null): Record<string, unknown> | undefined {
  const text = (name: string): string => String(form.get(name) ?? "").trim();
  const clientId = text("oauth_clientId");
  const clientSecret = text("oauth_clientSecret");
  const privateKey = String(form.get("oauth_privateKey") ?? "").trim();
  const scope = text("oauth_scope");
  const sharing = text("oauth_sharing") || "personal";
  const grant = text("oauth_grant") || "authorization_code";
  const keepSecret = !clientSecret && existing?.hasClientSecret && clientId === existing.clientId;
  const keepKey = !privateKey && existing?.hasPrivateKey && clientId === existing.clientId;
  const oauth: Record<string, unknown> = {
    ...(sharing !== "personal" ? { sharing } : {}),
    ...(grant !== "authorization_code" ? { grant } : {}),
    ...(clientId ? { clientId } : {}),
    ...(clientSecret ? { clientSecret } : keepSecret ? { clientSecret: null } : {}),
    ...(privateKey ? { privateKey, signingAlgorithm: text("oauth_signingAlgorithm") || "ES256" } : {}),
    ...(keepKey ? { privateKey: null, signingAlgorithm: text("oauth_signingAlgorithm") || existing?.signingAlgorithm || "ES256" } : {}),
    ...(scope ? { scope } : {}),
  };
  return Object.keys(oauth).length > 0 ? oauth : undefined;
}

export function OAuthSettingsFields({ existing }: { existing: PublicOAuthSettings | null }): ReactNode {
  return (
    <Disclosure
      className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
      testId="oauth-settings"
      open={existing !== null}
      triggerClassName=" text-[13px] font-medium"
      title={<>OAuth (optional)</>}
    >
      <p className={HELP}>
        A server that asks for OAuth works without any of this: Toolscope discovers its authorization server and registers itself.
      </p>
      <div className="mt-3 grid grid-cols-2 gap-4">
        <label>
          <span className={LABEL}>Whose authorization</span>
          <select name="oauth_sharing" defaultValue={existing?.sharing ?? "personal"} className={INPUT}>
            <option value="personal">Each person their own</option>
            <option value="shared">One for everyone (an admin authorizes)</option>
          </select>
          <span className={HELP}>Matters once people have accounts.</span>
        </label>
        <label>
          <span className={LABEL}>Grant</span>
          <select name="oauth_grant" defaultValue={existing?.grant ?? "authorization_code"} className={INPUT}>
            <option value="authorization_code">A person authorizes (authorization code + PKCE)</option>
            <option value="client_credentials">Machine to machine (client credentials)</option>
          </select>
        </label>
        <label>
          <span className={LABEL}>Client id (registered by hand)</span>
          <input name="oauth_clientId" defaultValue={existing?.clientId ?? ""} className={`${INPUT} font-mono`} autoComplete="off" />
        </label>
        <label>
          <span className={LABEL}>Client secret</span>
          <input
            name="oauth_clientSecret"
            type="password"
            autoComplete="new-password"
            placeholder={existing?.hasClientSecret ? "stored: leave blank to keep" : ""}
            className={`${INPUT} font-mono`}
          />
        </label>
        <label className="col-span-2">
          <span className={LABEL}>Scope (instead of the one the server names)</span>
          <input
            name="oauth_scope"
            defaultValue={existing?.scope ?? ""}
            placeholder="e.g. repo read:user"
            className={`${INPUT} font-mono`}
          />
        </label>
        <label className="col-span-2">
          <span className={LABEL}>Private key for private_key_jwt (PKCS#8 PEM), instead of a client secret</span>
          <textarea
            name="oauth_privateKey"
            rows={2}
            placeholder={existing?.hasPrivateKey ? "stored: leave blank to keep" : "-----BEGIN PRIVATE KEY-----"}
            className={`${INPUT} font-mono text-xs`}
          />
        </label>
        <label>
          <span className={LABEL}>Signing algorithm</span>
          <select name="oauth_signingAlgorithm" defaultValue={existing?.signingAlgorithm ?? "ES256"} className={INPUT}>
            {ALGORITHMS.map((alg) => (
              <option key={alg}>{alg}</option>
            ))}
          </select>
        </label>
      </div>
    </Disclosure>
  );
}
