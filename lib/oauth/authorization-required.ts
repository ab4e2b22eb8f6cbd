import "server-only";

/**
 * Thrown where going on would register a client or ask a person (a connection never does), or
 * where a person must sign in or authorize again. Recognised by its name (lib/mcp, lib/calls).
 */
export class AuthorizationRequired extends Error {
  constructor(message = "Authorization required: no one has authorized Toolscope at this server yet.") {
    super(message);
    this.name = "AuthorizationRequired";
  }
}
