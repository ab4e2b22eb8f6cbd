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
  allowUnverifiedEmail: false,
};

describe("identityFromClaims", () => {
  it("reads name, email and groups as Okta, Entra ID, Google and Keycloak send them", () => {
    expect(identityFromClaims({ email: "Ana@Example.com", name: "Ana", groups: ["sre", "dev"], email_verified: true }, BASE)).toEqual({
      ok: true,
      user: { name: "Ana", email: "ana@example.com", emailVerified: true, groups: '["sre","dev"]' },
    });
    // Given and family names, no name; a single group as a string.
    expect(
      identityFromClaims({ email_verified: true, email: "b@example.com", given_name: "Bo", family_name: "Li", groups: "ops" }, BASE),
    ).toMatchObject({
      ok: true,
      user: { name: "Bo Li", groups: '["ops"]' },
    });
    // Keycloak nests roles: a dotted claim name reaches them.
    const keycloak = { ...BASE, groupsClaim: "realm_access.roles" };
    expect(
      identityFromClaims({ email_verified: true, email: "c@example.com", realm_access: { roles: ["admin-ish"] } }, keycloak),
    ).toMatchObject({
      user: { groups: '["admin-ish"]', name: "c@example.com" },
    });
  });

  it("refuses a person without an email, or from a domain not allowed", () => {
    expect(identityFromClaims({ name: "x" }, BASE)).toMatchObject({ ok: false, message: expect.stringContaining("email") });
    const limited = { ...BASE, allowedDomains: ["example.com"] };
    expect(identityFromClaims({ email_verified: true, email: "a@example.com" }, limited)).toMatchObject({ ok: true });
    expect(identityFromClaims({ email_verified: true, email: "a@evil.example" }, limited)).toMatchObject({
      ok: false,
      message: expect.stringContaining("evil.example"),
    });
    // A subdomain is another domain.
    expect(identityFromClaims({ email_verified: true, email: "a@sub.example.com" }, limited)).toMatchObject({ ok: false });
  });

  it("maps the role claim: role names directly, others through the map, the highest wins, else the default", () => {
    const mapped = {
      ...BASE,
      roleClaim: "groups",
      roleMap: { "platform-admins": "admin" as const, sre: "operator" as const },
      defaultRole: "viewer" as const,
    };
    expect(identityFromClaims({ email_verified: true, email: "a@x.io", groups: ["sre"] }, mapped)).toMatchObject({
      user: { role: "operator" },
    });
    expect(identityFromClaims({ email_verified: true, email: "a@x.io", groups: ["sre", "platform-admins"] }, mapped)).toMatchObject({
      user: { role: "admin" },
    });
    expect(identityFromClaims({ email_verified: true, email: "a@x.io", groups: ["auditor"] }, mapped)).toMatchObject({
      user: { role: "auditor" },
    });
    expect(identityFromClaims({ email_verified: true, email: "a@x.io", groups: ["marketing"] }, mapped)).toMatchObject({
      user: { role: "viewer" },
    });
    // Without a role claim configured, the provider says nothing about roles: admins set them.
    expect(identityFromClaims({ email_verified: true, email: "a@x.io", groups: ["admin"] }, BASE)).not.toHaveProperty("user.role");
  });

  it("refuses an address the provider has not verified, unless the operator allows it", () => {
    for (const verified of [false, "false", undefined]) {
      expect(identityFromClaims({ email: "a@example.com", email_verified: verified }, BASE)).toMatchObject({
        ok: false,
        message: expect.stringContaining("not verified"),
      });
    }
    expect(identityFromClaims({ email: "a@example.com", email_verified: "true" }, BASE)).toMatchObject({ ok: true });
    expect(identityFromClaims({ email: "a@example.com" }, { ...BASE, allowUnverifiedEmail: true })).toMatchObject({
      ok: true,
      user: { emailVerified: false },
    });
  });

  it("refuses the bootstrap admin's reserved address in any letter case, verified or not", () => {
    for (const email of [
      "bootstrap@toolscope.invalid",
      "BootStrap@TOOLSCOPE.invalid",
      " bootstrap@toolscope.invalid. ",
      "anyone@toolscope.invalid",
    ]) {
      for (const allowUnverifiedEmail of [false, true]) {
        expect(identityFromClaims({ email, email_verified: true }, { ...BASE, allowUnverifiedEmail })).toMatchObject({
          ok: false,
          message: expect.stringContaining("reserved"),
        });
      }
    }
  });
});
