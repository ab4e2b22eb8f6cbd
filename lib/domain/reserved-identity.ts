// The identity the bootstrap token (TOOLSCOPE_API_TOKEN) signs browsers in as. It is Toolscope's
// own row, not a person: nobody may hold its address, whatever path they come by (single sign-on,
// an invitation, the command line). Who is the bootstrap admin is decided by how a caller
// authenticated (lib/auth/identify.ts), never by this address. Whether an address passes for it is lib/auth/reserved-address.ts's to
// say. Pure, so every path can share it.

/** The bootstrap account's address. `.invalid` is reserved (RFC 2606): no mailbox can have it. */
export const BOOTSTRAP_EMAIL = "bootstrap@toolscope.invalid";

export const RESERVED_DOMAIN = "toolscope.invalid";

export const RESERVED_EMAIL_MESSAGE = `Addresses at ${RESERVED_DOMAIN} are reserved by Toolscope for its bootstrap admin; nobody may sign in or be invited with one.`;
