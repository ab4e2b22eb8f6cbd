// What an OpenID Connect provider's claims make of a person: their name and email, the groups
// they are in (for per-server access), and their role when TOOLSCOPE_OIDC_ROLE_CLAIM names
// the claim that carries it. Pure, so every provider's shape can be tested as data.
import type { OidcConfig } from "@/lib/config/env";
import { RESERVED_EMAIL_MESSAGE } from "../domain/reserved-identity";
import { isReservedEmail } from "./reserved-address";
import { isRole, type Role } from "../domain/roles";

export type SsoIdentity =
  { ok: true; user: { name: string; email: string; emailVerified: boolean; groups: string; role?: Role } } | { ok: false; message: string };

/** A claim as a list of strings: an array, a single string, or a space/comma-separated string. */
function strings(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  if (typeof value === "string") return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

/** A claim by name, also dotted (`realm_access.roles`, as Keycloak nests roles). */
function claim(profile: Record<string, unknown>, name: string): unknown {
  if (name in profile) return profile[name];
  return name
    .split(".")
    .reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), profile);
}

const ROLE_RANK: Record<Role, number> = { viewer: 0, auditor: 1, operator: 2, admin: 3 };

export function identityFromClaims(profile: Record<string, unknown>, oidc: OidcConfig): SsoIdentity {
  const email = typeof profile.email === "string" ? profile.email.trim().toLowerCase() : "";
  if (!email) return { ok: false, message: "The identity provider did not say who you are (no email claim). Ask for the email scope." };
  if (isReservedEmail(email)) return { ok: false, message: RESERVED_EMAIL_MESSAGE };
  const emailVerified = profile.email_verified === true || profile.email_verified === "true";
  // An address the provider has not verified is only a name the person typed there.
  if (!emailVerified && !oidc.allowUnverifiedEmail) {
    return {
      ok: false,
      message:
        "The identity provider has not verified your email address (email_verified is not true). Verify it there, then sign in again.",
    };
  }
  const domain = email.slice(email.lastIndexOf("@") + 1);
  if (oidc.allowedDomains.length > 0 && !oidc.allowedDomains.includes(domain)) {
    return { ok: false, message: `Accounts at ${domain} may not sign in to this Toolscope.` };
  }
  const name =
    (typeof profile.name === "string" && profile.name.trim()) ||
    [profile.given_name, profile.family_name]
      .filter((p) => typeof p === "string")
      .join(" ")
      .trim() ||
    (typeof profile.preferred_username === "string" && profile.preferred_username) ||
    email;
  const groups = strings(claim(profile, oidc.groupsClaim));
  const user: Extract<SsoIdentity, { ok: true }>["user"] = {
    name,
    email,
    emailVerified,
    groups: JSON.stringify(groups),
  };
  if (oidc.roleClaim) {
    // The highest role any value maps to; none: the default role.
    const roles = strings(claim(profile, oidc.roleClaim))
      .map((value) => oidc.roleMap[value] ?? (isRole(value) ? value : undefined))
      .filter((role): role is Role => role !== undefined);
    user.role = roles.sort((a, b) => ROLE_RANK[b] - ROLE_RANK[a])[0] ?? oidc.defaultRole;
  }
  return { ok: true, user };
}
