// An MCP client's OAuth state kept in memory, as a desktop agent keeps it on disk: what the SDK
// client's OAuthClientProvider asks for, and where it sends the person (`authorizationUrl`), for
// tests that play that person's browser.
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";

export class MemoryOAuthClient implements OAuthClientProvider {
  information?: StoredOAuthClientInformation;
  saved?: StoredOAuthTokens;
  verifier = "";
  /** Where the client sent the person to authorize, last. */
  authorizationUrl?: URL;
  /** The client's own Client ID Metadata Document, when it names itself by URL rather than registering. */
  clientMetadataUrl?: string;
  /** Which authorization server the flow began with, checked when the code comes back (SEP-2352). */
  discovery?: OAuthDiscoveryState;

  constructor(
    readonly redirectUrl: string,
    readonly clientMetadata: OAuthClientMetadata,
  ) {}

  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.information;
  }
  saveClientInformation(information: StoredOAuthClientInformation): void {
    this.information = information;
  }
  tokens(): StoredOAuthTokens | undefined {
    return this.saved;
  }
  saveTokens(tokens: StoredOAuthTokens): void {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }
  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    return this.verifier;
  }
}
