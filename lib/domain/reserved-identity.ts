// The identity the bootstrap token (TOOLSCOPE_API_TOKEN) signs browsers in as. It is Toolscope's
// own row, not a person: nobody may hold its address, whatever path they come by (single sign-on,
// an invitation, the command line). Who is the bootstrap admin is decided by how a caller
// authenticated (lib/auth/identify.ts), never by this address. Pure, so every path can share it.

/** The bootstrap account's address. `.invalid` is reserved (RFC 2606): no mailbox can have it. */
export const BOOTSTRAP_EMAIL = "bootstrap@toolscope.invalid";

const RESERVED_DOMAIN = "toolscope.invalid";

/** Whether an address is Toolscope's own, in any letter case, with or without stray spaces or a trailing dot. */
export function isReservedEmail(email: string): boolean {
  const address = email.trim().toLowerCase().replace(/\.+$/, "");
  return address.slice(address.lastIndexOf("@") + 1) === RESERVED_DOMAIN;
}

export const RESERVED_EMAIL_MESSAGE = `Addresses at ${RESERVED_DOMAIN} are reserved by Toolscope for its bootstrap admin; nobody may sign in or be invited with one.`;
