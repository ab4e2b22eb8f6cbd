import "server-only";
// Toolscope's OAuthClientProvider (the SDK's interface): where the SDK's auth() keeps and finds
// what an authorization needs. One provider serves one server and one principal, in one of three
// roles:
// - "connection": given to a connection's transport. It sends tokens and refreshes them, but
//   never starts an authorization by itself: with no registered client it stops at discovery
//   (no registration happens until someone asks), and an authorization request it is handed
//   is only noted as "authorization required".
// - "authorize": someone clicked Authorize. Registers a client if needed and builds the
//   authorization request; lib/mcp/oauth-authorization.ts keeps the verifier for the callback.
// - "callback": the browser came back; the verifier and discovery come from the stored flow.
import crypto from "node:crypto";
import {
  createPrivateKeyJwtAuth,
  type AddClientAuthentication,
  type DpopSession,
  type FetchLike,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import type { OAuthSettings } from "@/lib/domain/server-config";
import { AuthorizationRequired } from "./authorization-required";
import { idJagFor, JWT_BEARER, workloadAssertion } from "./enterprise-grants";
import { dpopAlgFor, dpopSessionFor, newDpopKey, resourceTakesDpop, type StoredDpopKey } from "./dpop";
import type { Journal } from "./journal";
import { isSecretName, maskValue } from "./mask";
import { grantGeneration, readClient, readGrant, saveClient, updateGrant, type Flow, type Principal } from "./oauth-store";

export const CLIENT_NAME = "Toolscope";

export type ProviderTarget = {
  serverId: string;
  serverUrl: string;
  principal: Principal;
  settings: OAuthSettings | undefined;
  redirectUrl: string;
  clientMetadataUrl: string | undefined;
  journal: Journal;
  /** False for the shared principal where each person must authorize for themselves. */
  sharedInUse: () => Promise<boolean>;
  /** How the provider's own requests go out (the identity provider's token exchange): journalled, guarded. */
  fetchFn: FetchLike;
};

/** `dpopChallenged`: the MCP server's last 401 used the DPoP scheme (dpop.ts). */
export type ProviderRole =
  { kind: "connection" } | { kind: "authorize"; scope?: string; dpopChallenged?: boolean } | { kind: "callback"; flow: Flow };

/** Toolscope's client metadata (dynamic registration, and the document served for a client ID metadata URL). */
export function toolscopeClientMetadata(redirectUrl: string | undefined, options: { confidential?: boolean } = {}): OAuthClientMetadata {
  return {
    client_name: CLIENT_NAME,
    ...(redirectUrl ? { redirect_uris: [redirectUrl] } : {}),
    grant_types: redirectUrl ? ["authorization_code", "refresh_token"] : ["client_credentials"],
    response_types: redirectUrl ? ["code"] : [],
    token_endpoint_auth_method: options.confidential ? "client_secret_basic" : "none",
    software_id: "toolscope",
  } as OAuthClientMetadata;
}

export class ToolscopeOAuthProvider implements OAuthClientProvider {
  /** Set in the authorize role once auth() has built the request. */
  authorizationUrl: URL | undefined;
  /** The state the request carries; the callback must bring it back. */
  pendingState: string | undefined;
  /** Set when auth() hands the connection role an authorization request: a person must authorize. */
  authorizationNeeded = false;
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  private readonly settings: OAuthSettings | undefined;
  readonly clientMetadataUrl: string | undefined;
  addClientAuthentication?: AddClientAuthentication;
  /** The grant's generation when the authorization in flight began (see revokeGrant). */
  generation: number | undefined;
  prepareTokenRequest?: (scope?: string) => URLSearchParams | Promise<URLSearchParams>;
  /** What auth() found by discovery: the ID-JAG names both (enterprise). */
  private authorizationServer: string | undefined;
  private resource: string | undefined;
  /** The DPoP key made for the tokens this provider is about to obtain; saved with them when they are bound to it. */
  private newDpop: { key: StoredDpopKey; session: DpopSession } | undefined;
  /** The MCP server challenged with the DPoP scheme; set by the connection's 401 handler for its role. */
  dpopChallenged = false;

  constructor(
    private readonly target: ProviderTarget,
    private readonly role: ProviderRole,
  ) {
    this.generation = undefined;
    this.settings = target.settings;
    // A client entered by hand is used as it is; otherwise a metadata document when there is one.
    this.clientMetadataUrl = this.settings?.clientId ? undefined : target.clientMetadataUrl;
    const settings = this.settings;
    if (settings?.clientId && settings.privateKey && settings.signingAlgorithm) {
      this.addClientAuthentication = createPrivateKeyJwtAuth({
        issuer: settings.clientId,
        subject: settings.clientId,
        privateKey: settings.privateKey,
        alg: settings.signingAlgorithm,
      });
    }
    if (settings?.grant === "client_credentials") {
      this.prepareTokenRequest = (scope) => new URLSearchParams({ grant_type: "client_credentials", ...(scope ? { scope } : {}) });
    }
    if (settings?.grant === "jwt_bearer") {
      this.prepareTokenRequest = async (scope) =>
        new URLSearchParams({ grant_type: JWT_BEARER, assertion: await workloadAssertion(settings), ...(scope ? { scope } : {}) });
    }
    if (settings?.grant === "enterprise") {
      this.prepareTokenRequest = async (scope) => {
        if (!this.authorizationServer || !this.resource)
          throw new Error("The server names no protected resource metadata (RFC 9728), which enterprise-managed authorization needs.");
        const assertion = await idJagFor({
          settings,
          principal: target.principal,
          authorizationServer: this.authorizationServer,
          resource: this.resource,
          scope,
          fetchFn: target.fetchFn,
        });
        return new URLSearchParams({ grant_type: JWT_BEARER, assertion, ...(scope ? { scope } : {}) });
      };
    }
  }

  /** Only the authorization code grant sends a person to the authorization server; the others bring their grant along. */
  private get interactive(): boolean {
    return (this.settings?.grant ?? "authorization_code") === "authorization_code";
  }

  /** Called by auth() after discovery. */
  saveAuthorizationServerUrl(issuer: string): void {
    this.authorizationServer = issuer;
  }

  /** Called by auth() after discovery: the resource as the server's metadata names it. */
  saveResourceUrl(resource: string): void {
    this.resource = resource;
  }

  get redirectUrl(): string | undefined {
    if (!this.interactive) return undefined;
    return this.role.kind === "callback" ? this.role.flow.redirectUri : this.target.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      ...toolscopeClientMetadata(this.redirectUrl),
      ...(this.settings?.scope ? { scope: this.settings.scope } : {}),
    };
  }

  state(): string {
    this.pendingState = crypto.randomBytes(32).toString("base64url");
    return this.pendingState;
  }

  async clientInformation(ctx?: OAuthClientInformationContext): Promise<StoredOAuthClientInformation | undefined> {
    const settings = this.settings;
    if (settings?.clientId) {
      return {
        client_id: settings.clientId,
        ...(settings.clientSecret ? { client_secret: settings.clientSecret } : {}),
        ...(settings.privateKey ? { token_endpoint_auth_method: "private_key_jwt" } : {}),
        ...(ctx?.issuer ? { issuer: ctx.issuer } : {}),
      } as StoredOAuthClientInformation;
    }
    const issuer = ctx?.issuer;
    const stored = issuer ? await readClient(this.target.serverId, issuer) : undefined;
    // A registration made for another redirect URI (Toolscope moved) would be refused at the callback.
    const usable = stored && (stored.redirectUri === null || stored.redirectUri === (this.redirectUrl ?? null)) ? stored : undefined;
    if (!usable && this.role.kind === "connection") throw new AuthorizationRequired();
    return usable?.information;
  }

  async saveClientInformation(information: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): Promise<void> {
    const issuer = ctx?.issuer ?? information.issuer;
    if (!issuer || this.settings?.clientId) return;
    const viaDocument = information.client_id === this.clientMetadataUrl;
    await saveClient(this.target.serverId, issuer, {
      information,
      redirectUri: this.redirectUrl ?? null,
      via: viaDocument ? "metadata-document" : "registration",
    });
    this.target.journal.record({
      step: "registration",
      ok: true,
      summary: viaDocument
        ? `Using Toolscope's client ID metadata document as the client id`
        : `Registered as client ${information.client_id}`,
      facts: {
        client_id: information.client_id,
        issuer,
        ...(information.client_secret ? { client_secret: maskValue(information.client_secret) } : {}),
      },
    });
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    if (!(await this.target.sharedInUse())) return undefined;
    const grant = await readGrant(this.target.serverId, this.target.principal);
    // A server whose URL changed is another resource: its old tokens are not sent there.
    if (grant?.serverUrl && grant.serverUrl !== this.target.serverUrl) return undefined;
    return grant?.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    if (this.generation !== undefined && this.generation !== grantGeneration(this.target.serverId, this.target.principal)) {
      // Revoked while this refresh was under way: the revoke wins.
      this.target.journal.record({
        step: "invalidated",
        ok: true,
        summary: "Tokens from a refresh that ended after a revoke were discarded",
      });
      throw new Error("The authorization was revoked while it was being refreshed.");
    }
    const requested = this.role.kind === "callback" ? this.role.flow.scope : this.role.kind === "authorize" ? this.role.scope : undefined;
    const bound = tokens.token_type?.toLowerCase() === "dpop";
    await updateGrant(this.target.serverId, this.target.principal, (grant) => {
      const next: typeof grant = {
        ...grant,
        tokens,
        serverUrl: this.target.serverUrl,
        savedAt: new Date().toISOString(),
        ...(requested ? { requestedScope: requested } : {}),
        ...(this.discovery ? { discovery: this.discovery } : {}),
      };
      // A refresh with the grant's key keeps it; Bearer tokens need none.
      if (bound && this.newDpop) next.dpop = this.newDpop.key;
      if (!bound) delete next.dpop;
      return next;
    });
    this.target.journal.record({
      step: "tokens-saved",
      ok: true,
      summary: `Access token stored${tokens.refresh_token ? " with a refresh token" : ""}`,
      facts: {
        token_type: tokens.token_type,
        access_token: maskValue(tokens.access_token),
        ...(tokens.scope ? { scope: tokens.scope } : {}),
        ...(tokens.expires_in !== undefined ? { expires_in: `${tokens.expires_in} s` } : {}),
        ...(tokens.refresh_token ? { refresh_token: maskValue(tokens.refresh_token) } : {}),
      },
    });
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    if (this.role.kind !== "authorize") {
      this.authorizationNeeded = true;
      return;
    }
    this.authorizationUrl = authorizationUrl;
    // `state` too: whoever holds it could bring their own code back to the person who began this.
    const params = Object.fromEntries([...authorizationUrl.searchParams].map(([k, v]) => [k, isSecretName(k) ? maskValue(v) : v]));
    this.target.journal.record({
      step: "authorization-request",
      ok: true,
      summary: `Sending the browser to ${authorizationUrl.origin}${authorizationUrl.pathname}`,
      facts: { endpoint: `${authorizationUrl.origin}${authorizationUrl.pathname}`, ...params },
    });
  }

  /**
   * DPoP (RFC 9449) where the MCP server takes it and its authorization server advertises it:
   * the SDK signs the token request with this session, and Toolscope presents the bound tokens
   * with proofs (dpop.ts). A connection refreshes with the key its grant's tokens are bound to;
   * new tokens get a new key.
   */
  async dpop(): Promise<DpopSession | undefined> {
    if (this.role.kind === "connection") {
      const stored = (await readGrant(this.target.serverId, this.target.principal))?.dpop;
      if (stored) return dpopSessionFor(stored);
    }
    if (this.newDpop) return this.newDpop.session;
    const discovery = await this.discoveryState();
    const challenged =
      this.dpopChallenged ||
      (this.role.kind === "authorize" && this.role.dpopChallenged === true) ||
      (this.role.kind === "callback" && this.role.flow.dpopChallenged === true);
    if (!resourceTakesDpop(discovery?.resourceMetadata, challenged)) return undefined;
    const alg = dpopAlgFor(discovery?.authorizationServerMetadata);
    if (!alg) return undefined;
    this.newDpop = await newDpopKey(alg);
    return this.newDpop.session;
  }

  /** The key the grant's tokens are bound to (dpop.ts), when they are DPoP-bound. */
  async boundDpopKey(): Promise<StoredDpopKey | undefined> {
    return (await readGrant(this.target.serverId, this.target.principal))?.dpop;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    const verifier = this.role.kind === "callback" ? this.role.flow.codeVerifier : this.verifier;
    if (!verifier) throw new Error("No PKCE code verifier was kept for this authorization.");
    return verifier;
  }

  /** The verifier auth() generated in the authorize role (kept with the flow). */
  takeVerifier(): string | undefined {
    return this.verifier;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    this.discovery = state;
    // Only a connection keeps it in the grant. An authorization keeps it in its flow, and the
    // grant gets it with the tokens: one begun and never finished must not leave the grant
    // naming a server its tokens did not come from.
    if (this.role.kind !== "connection") return;
    await updateGrant(this.target.serverId, this.target.principal, (grant) => ({ ...grant, discovery: state }));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    if (this.role.kind === "callback") return this.role.flow.discovery;
    // Someone clicked Authorize: discovery starts afresh, so a server that moved to another
    // authorization server sends them to the new one (only what this authorization found is reused).
    if (this.role.kind === "authorize") return this.discovery;
    // Kept once read: the flow stores what this authorization was built on.
    this.discovery ??= (await readGrant(this.target.serverId, this.target.principal))?.discovery;
    return this.discovery;
  }

  currentDiscovery(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    if (scope === "verifier") return;
    const { serverId, principal } = this.target;
    if ((scope === "all" || scope === "client") && !this.settings?.clientId) {
      const issuer = this.discovery?.authorizationServerMetadata?.issuer ?? this.discovery?.authorizationServerUrl;
      if (issuer) await saveClient(serverId, issuer, null);
    }
    if (scope === "all" || scope === "tokens" || scope === "client" || scope === "discovery") {
      await updateGrant(serverId, principal, (grant) => {
        const next = { ...grant };
        if (scope !== "discovery") {
          delete next.tokens;
          delete next.dpop;
        }
        if (scope === "all" || scope === "discovery") {
          delete next.discovery;
          this.discovery = undefined;
        }
        return next;
      });
    }
    this.target.journal.record({
      step: "invalidated",
      ok: true,
      summary:
        scope === "tokens"
          ? "The authorization server refused the stored tokens: they were discarded"
          : scope === "client"
            ? "The authorization server refused the registered client: it was discarded"
            : `Discarded: ${scope}`,
    });
  }
}
