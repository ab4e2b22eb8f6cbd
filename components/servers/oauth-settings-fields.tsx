"use client";

// The OAuth part of the server form. Nothing here is needed for most servers: discovery,
// registration and PKCE are automatic. It covers sharing (once people have accounts), a client
// registered by hand, the scope, machine-to-machine access (client credentials), workload
// identity and enterprise-managed authorization. Stored secrets are never shown; a blank secret
// field keeps the stored one.
import { useState, type ReactNode } from "react";
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
  // Each grant's own fields, sent only with it (the others are hidden, and may hold stale values).
  const assertionFile = grant === "jwt_bearer" ? text("oauth_assertionFile") : "";
  const enterprise = grant === "enterprise";
  const idpClientId = enterprise ? text("oauth_idpClientId") : "";
  const idpClientSecret = enterprise ? text("oauth_idpClientSecret") : "";
  const keepIdpSecret = enterprise && !idpClientSecret && existing?.hasIdpClientSecret && idpClientId === existing.idpClientId;
  const oauth: Record<string, unknown> = {
    ...(sharing !== "personal" ? { sharing } : {}),
    ...(grant !== "authorization_code" ? { grant } : {}),
    ...(clientId ? { clientId } : {}),
    ...(clientSecret ? { clientSecret } : keepSecret ? { clientSecret: null } : {}),
    ...(privateKey ? { privateKey, signingAlgorithm: text("oauth_signingAlgorithm") || "ES256" } : {}),
    ...(keepKey ? { privateKey: null, signingAlgorithm: text("oauth_signingAlgorithm") || existing?.signingAlgorithm || "ES256" } : {}),
    ...(scope ? { scope } : {}),
    ...(assertionFile ? { assertionFile } : {}),
    ...(enterprise && text("oauth_idpIssuer") ? { idpIssuer: text("oauth_idpIssuer") } : {}),
    ...(enterprise && text("oauth_idpTokenEndpoint") ? { idpTokenEndpoint: text("oauth_idpTokenEndpoint") } : {}),
    ...(idpClientId ? { idpClientId } : {}),
    ...(idpClientSecret ? { idpClientSecret } : keepIdpSecret ? { idpClientSecret: null } : {}),
    ...(enterprise && text("oauth_idTokenFile") ? { idTokenFile: text("oauth_idTokenFile") } : {}),
  };
  return Object.keys(oauth).length > 0 ? oauth : undefined;
}

export function OAuthSettingsFields({ existing }: { existing: PublicOAuthSettings | null }): ReactNode {
  const [grant, setGrant] = useState<string>(existing?.grant ?? "authorization_code");
  return (
    <Disclosure
      className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
      testId="oauth-settings"
      defaultOpen={existing !== null}
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
          <select name="oauth_grant" value={grant} onChange={(event) => setGrant(event.target.value)} className={INPUT}>
            <option value="authorization_code">A person authorizes (authorization code + PKCE)</option>
            <option value="client_credentials">Machine to machine (client credentials)</option>
            <option value="jwt_bearer">Workload identity (the platform&apos;s JWT)</option>
            <option value="enterprise">Company sign-in (enterprise-managed, ID-JAG)</option>
          </select>
        </label>
        {grant === "jwt_bearer" && <WorkloadFields existing={existing} />}
        {grant === "enterprise" && <EnterpriseFields existing={existing} />}
        <TextField label="Client id (registered by hand)" name="oauth_clientId" defaultValue={existing?.clientId} />
        <TextField
          label="Client secret"
          name="oauth_clientSecret"
          secret
          placeholder={existing?.hasClientSecret ? "stored: leave blank to keep" : ""}
        />
        <TextField
          label="Scope (instead of the one the server names)"
          name="oauth_scope"
          wide
          defaultValue={existing?.scope}
          placeholder="e.g. repo read:user"
        />
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

type TextFieldProps = {
  label: string;
  name: string;
  defaultValue?: string | null | undefined;
  placeholder?: string;
  help?: string;
  type?: "url";
  /** Never shown back: a password field the browser does not fill in. */
  secret?: boolean;
  required?: boolean;
  /** Across both columns. */
  wide?: boolean;
};

function TextField({ label, name, defaultValue, placeholder, help, type, secret, required, wide }: TextFieldProps): ReactNode {
  return (
    <label className={wide ? "col-span-2" : undefined}>
      <span className={LABEL}>{label}</span>
      <input
        name={name}
        type={secret ? "password" : type}
        required={required}
        defaultValue={secret ? undefined : (defaultValue ?? "")}
        placeholder={placeholder}
        autoComplete={secret ? "new-password" : "off"}
        className={`${INPUT} font-mono`}
      />
      {help && <span className={HELP}>{help}</span>}
    </label>
  );
}

/** Workload identity federation: where the platform keeps the workload's JWT. */
function WorkloadFields({ existing }: { existing: PublicOAuthSettings | null }): ReactNode {
  return (
    <TextField
      label="Workload JWT file"
      name="oauth_assertionFile"
      wide
      required
      defaultValue={existing?.assertionFile}
      placeholder="/var/run/secrets/tokens/mcp-token"
      help="Read again for each token request, since platforms rotate it. The client id below is the one registered for this workload."
    />
  );
}

/** Enterprise-managed authorization: the identity provider that issues ID-JAGs, and Toolscope's client there. */
function EnterpriseFields({ existing }: { existing: PublicOAuthSettings | null }): ReactNode {
  return (
    <fieldset className="col-span-2 grid grid-cols-2 gap-4 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="px-1 text-[13px] font-medium">Identity provider</legend>
      <p className={`${HELP} col-span-2 mt-0`}>
        Each person&apos;s ID token from signing in to Toolscope with single sign-on is exchanged there for an ID-JAG, which this
        server&apos;s authorization server takes instead of a consent page. Give its issuer or its token endpoint.
      </p>
      <TextField
        label="Issuer"
        name="oauth_idpIssuer"
        type="url"
        defaultValue={existing?.idpIssuer}
        placeholder="https://login.example.com"
      />
      <TextField
        label="Token endpoint (instead of discovery)"
        name="oauth_idpTokenEndpoint"
        type="url"
        defaultValue={existing?.idpTokenEndpoint}
      />
      <TextField label="Toolscope's client id there" name="oauth_idpClientId" required defaultValue={existing?.idpClientId} />
      <TextField
        label="Its client secret"
        name="oauth_idpClientSecret"
        secret
        placeholder={existing?.hasIdpClientSecret ? "stored: leave blank to keep" : "none for a public client"}
      />
      <TextField
        label="ID token file (only for a Toolscope without accounts)"
        name="oauth_idTokenFile"
        wide
        defaultValue={existing?.idTokenFile}
      />
    </fieldset>
  );
}
