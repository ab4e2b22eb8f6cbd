import "server-only";
// Who an ID-JAG names (agent-id-jag.ts). When it comes from the identity provider people sign in
// to Toolscope with, its `sub` is theirs there, and the account single sign-on linked says who
// they are here. From another identity provider, a subject means nothing to Toolscope: the
// assertion's `email` (verified, when it says) names the person instead.
import type { JWTPayload } from "jose";
import { appConfig } from "@/lib/config/env";
import { database } from "@/lib/db";
import { SSO_PROVIDER_ID } from "./sso-provider";

export type AssertedPerson = { id: string; name: string; email: string; banned: boolean };

export async function personForAssertion(idp: string, payload: JWTPayload): Promise<AssertedPerson | undefined> {
  const db = await database();
  const people = db.selectFrom("auth_user as person").select(["person.id", "person.name", "person.email", "person.banned"]);
  let row: { id: string; name: string; email: string; banned: boolean | number | null } | undefined;
  if (appConfig().auth.oidc?.issuer === idp) {
    if (typeof payload.sub !== "string") return undefined;
    row = await people
      .innerJoin("auth_account as account", "account.userId", "person.id")
      .where("account.providerId", "=", SSO_PROVIDER_ID)
      .where("account.accountId", "=", payload.sub)
      .executeTakeFirst();
  } else {
    const email = payload.email;
    if (typeof email !== "string" || payload.email_verified === false) return undefined;
    row = await people.where((eb) => eb(eb.fn("lower", ["person.email"]), "=", email.toLowerCase())).executeTakeFirst();
  }
  return row && { id: row.id, name: row.name, email: row.email, banned: Boolean(row.banned) };
}
