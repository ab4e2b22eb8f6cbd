import "server-only";

/** better-auth's provider id for single sign-on (the `providerId` of people's linked accounts). */
export const SSO_PROVIDER_ID = "sso";
