import "server-only";
// What a connection knows of OAuth to its server: whether the server asked for it (or tokens
// were sent), the last challenge it made, whether a failed refresh may still pass, and the
// 2025-03-26 case of an issuer named by metadata on the server's own origin.
import type { ServerConfig } from "@/lib/domain/server-config";
import type { OAuthView } from "@/lib/domain/mcp-types";
import { AppError } from "@/lib/errors";
import type { Challenge } from "@/lib/oauth/challenges";
import { journalFor } from "@/lib/oauth/journal";
import { acceptLegacyIssuer, isSameOriginLegacyIssuer, legacyIssuerAccepted } from "@/lib/oauth/legacy-issuer";
import { readGrant, SHARED, type Principal } from "@/lib/oauth/oauth-store";
import { sharedAuthorizationInUse } from "@/lib/oauth/oauth-target";

export class TargetAuthorization {
  /** The server's last 401 or 403 challenge: what it asked for. */
  challenge: Challenge | undefined;
  /** The server asked for OAuth, or tokens were sent: the connection is an authorized one. */
  used = false;

  constructor(
    private readonly config: ServerConfig,
    private readonly principal: Principal,
  ) {}

  heard(challenge: Challenge): void {
    this.challenge = challenge;
    this.used = true;
  }

  /** After connecting: a URL server whose grant holds tokens is an authorized connection. */
  async noteGrant(): Promise<void> {
    if (this.config.transport !== "stdio" && (await readGrant(this.config.id, this.principal))?.tokens) this.used = true;
  }

  unauthorized(): AppError {
    return new AppError(
      "forbidden:server_authorization",
      `${this.config.name} asks for OAuth authorization: authorize Toolscope on the server's page.`,
    );
  }

  /** Whether the grant still holds a refresh token (a refused refresh deletes it): a failure to refresh was then a passing one. */
  async refreshStillPossible(): Promise<boolean> {
    if (this.config.transport === "stdio") return false;
    if (this.principal === SHARED && !(await sharedAuthorizationInUse(this.config))) return false;
    return Boolean((await readGrant(this.config.id, this.principal))?.tokens?.refresh_token);
  }

  /**
   * A failure to connect that names an issuer on the server's own origin (a 2025-03-26 server
   * without protected resource metadata): accepted from now on, and journaled. True: try again.
   */
  acceptedLegacyIssuer(error: unknown): boolean {
    if (this.config.transport === "stdio" || legacyIssuerAccepted(this.config) || !isSameOriginLegacyIssuer(error, this.config))
      return false;
    acceptLegacyIssuer(this.config);
    journalFor(this.config.id, this.principal).record({
      step: "server-metadata",
      ok: true,
      summary: `Accepted issuer ${(error as { received?: string }).received} named by metadata on the server's own origin (a 2025-03-26 server without protected resource metadata)`,
    });
    return true;
  }

  /** What a server's snapshot says of its OAuth. */
  view(required: boolean): OAuthView | null {
    return this.used ? { required, personal: this.principal !== SHARED, scope: this.challenge?.scope ?? null } : null;
  }
}
