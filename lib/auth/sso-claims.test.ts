import { describe, expect, it } from "vitest";
import type { OidcConfig } from "@/lib/config/env";
import { identityFromClaims } from "./sso-claims";

const BASE: OidcConfig = {
  issuer: "https://idp.example",
  clientId: "toolscope",
  clientSecret: "s",
  name: "Example SSO",
  scopes: ["openid", "email", "profile"],
  allowedDomains: [],
  roleClaim: undefined,
  roleMap: {},
  groupsClaim: "groups",
  defaultRole: "viewer",
};

describe("identityFromClaims", () => {
  it("reads name, email and groups as Okta, Entra ID, Google and Keycloak send them", () => {
    expect(identityFromClaims({ email: "Ana@Example.com", name: "Ana", groups: ["sre", "dev"], email_verified: true }, BASE)).toEqual({
      ok: true,
      user: { name: "Ana", email: "ana@example.com", emailVerified: true, groups: '["sre","dev"]' },
    });
    // Given and family names, no name; a single group as a string.
    expect(identityFromClaims({ email: "b@example.com", given_name: "Bo", family_name: "Li", groups: "ops" }, BASE)).toMatchObject({
      ok: true,
      user: { name: "Bo Li", groups: '["ops"]' },
    });
    // Keycloak nests roles: a dotted claim name reaches them.
    const keycloak = { ...BASE, groupsClaim: "realm_access.roles" };
    expect(identityFromClaims({ email: "c@example.com", realm_access: { roles: ["admin-ish"] } }, keycloak)).toMatchObject({
      user: { groups: '["admin-ish"]', name: "c@example.com" },
    });
  });

  it("refuses a person without an email, or from a domain not allowed", () => {
    expect(identityFromClaims({ name: "x" }, BASE)).toMatchObject({ ok: false, message: expect.stringContaining("email") });
    const limited = { ...BASE, allowedDomains: ["example.com"] };
    expect(identityFromClaims({ email: "a@example.com" }, limited)).toMatchObject({ ok: true });
    expect(identityFromClaims({ email: "a@evil.example" }, limited)).toMatchObject({
      ok: false,
      message: expect.stringContaining("evil.example"),
    });
    // A subdomain is another domain.
    expect(identityFromClaims({ email: "a@sub.example.com" }, limited)).toMatchObject({ ok: false });
  });

  it("maps the role claim: role names directly, others through the map, the highest wins, else the default", () => {
    const mapped = {
      ...BASE,
      roleClaim: "groups",
      roleMap: { "platform-admins": "admin" as const, sre: "operator" as const },
      defaultRole: "viewer" as const,
    };
    expect(identityFromClaims({ email: "a@x.io", groups: ["sre"] }, mapped)).toMatchObject({ user: { role: "operator" } });
    expect(identityFromClaims({ email: "a@x.io", groups: ["sre", "platform-admins"] }, mapped)).toMatchObject({ user: { role: "admin" } });
    expect(identityFromClaims({ email: "a@x.io", groups: ["auditor"] }, mapped)).toMatchObject({ user: { role: "auditor" } });
    expect(identityFromClaims({ email: "a@x.io", groups: ["marketing"] }, mapped)).toMatchObject({ user: { role: "viewer" } });
    // Without a role claim configured, the provider says nothing about roles: admins set them.
    expect(identityFromClaims({ email: "a@x.io", groups: ["admin"] }, BASE)).not.toHaveProperty("user.role");
  });
});
