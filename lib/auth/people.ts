import "server-only";
// People: inviting them (with a password shown once, or for single sign-on only), changing their
// role, disabling them, ending their sessions. Admins do this from the people page and the API;
// the first admin is made with `npm run user:create`. Every change is an audit event.
import crypto from "node:crypto";
import { recordEvent } from "@/lib/audit/events";
import { database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { adminApi, auth } from "./better-auth";
import { accountsNowExist } from "./mode";
import { peopleRows } from "@/lib/db/people";
import { RESERVED_EMAIL_MESSAGE } from "../domain/reserved-identity";
import { isReservedEmail } from "./reserved-address";
import type { Person } from "./people-shape";
import { isRole, type Caller, type Role } from "../domain/roles";

export type { Person } from "./people-shape";

function groupsOf(value: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(value ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((g): g is string => typeof g === "string") : [];
  } catch {
    return [];
  }
}

/** Everyone with an account, or the one with this id: their sign-in methods and live sessions counted in the query. */
async function people(id?: string): Promise<Person[]> {
  const db = await database();
  let users = peopleRows(db).selectAll();
  let accounts = db.selectFrom("auth_account").select(["userId", "providerId"]);
  let sessions = db.selectFrom("auth_session").select(["userId", "expiresAt"]);
  if (id !== undefined) {
    users = users.where("id", "=", id);
    accounts = accounts.where("userId", "=", id);
    sessions = sessions.where("userId", "=", id);
  }
  const [rows, accountRows, sessionRows] = await Promise.all([users.orderBy("name").execute(), accounts.execute(), sessions.execute()]);
  const now = Date.now();
  return rows.map((user) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    role: isRole(user.role) ? user.role : "viewer",
    disabled: Boolean(user.banned),
    groups: groupsOf(user.groups),
    createdAt: new Date(user.createdAt).toISOString(),
    signInMethods: [
      ...new Set(
        accountRows
          .filter((a) => a.userId === user.id)
          .map((a) => (a.providerId === "credential" ? "password" : "sso") as "password" | "sso"),
      ),
    ],
    activeSessions: sessionRows.filter((s) => s.userId === user.id && new Date(s.expiresAt).getTime() > now).length,
  }));
}

export function listPeople(): Promise<Person[]> {
  return people();
}

export async function findPerson(id: string): Promise<Person> {
  const [person] = await people(id);
  if (!person) throw new AppError("not_found:person");
  return person;
}

/** A password for a new account, shown once: 20 characters from a 56-letter alphabet without look-alikes (about 116 bits). */
export function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  return Array.from({ length: 20 }, () => alphabet[crypto.randomInt(alphabet.length)]).join("");
}

export type Invitation = { email: string; name?: string | undefined; role: Role; password: "generate" | "none" };

/** Creates a person; their one-time password is returned (to be shown once) unless they sign in only with single sign-on. */
export async function invitePerson(
  input: Invitation,
  by: Caller | { actor: string; clientIp: null },
): Promise<{ person: Person; password: string | null }> {
  const email = input.email.trim().toLowerCase();
  if (isReservedEmail(email)) throw new AppError("bad_request:reserved_email", RESERVED_EMAIL_MESSAGE);
  const db = await database();
  if (await db.selectFrom("auth_user").select("id").where("email", "=", email).executeTakeFirst()) {
    throw new AppError("conflict:person", `${email} already has an account.`);
  }
  // Through the admin plugin's endpoint, called from the server: it runs better-auth's own
  // checks (user.validateUserInfo among them) in an endpoint context, as a sign-up would.
  const instance = await auth();
  const password = input.password === "generate" ? generatePassword() : null;
  const { user } = await (
    await adminApi()
  ).createUser({
    body: { email, name: input.name?.trim() || email.split("@")[0]!, ...(password ? { password } : {}) },
  });
  // The role afterwards: the plugin's create-user knows only the roles of its own access control.
  await (await instance.$context).internalAdapter.updateUser(user.id, { role: input.role });
  accountsNowExist();
  await recordEvent("person_invited", by, { subject: user.id, email, role: input.role, password: password ? "generated" : "none" });
  return { person: await findPerson(user.id), password };
}

export type PersonChange = { role?: Role | undefined; disabled?: boolean | undefined; name?: string | undefined };

export async function changePerson(id: string, change: PersonChange, by: Caller): Promise<Person> {
  const before = await findPerson(id);
  if (by.userId === id && ((change.role && change.role !== "admin") || change.disabled)) {
    throw new AppError("forbidden:role", "You cannot demote or disable yourself; ask another admin.");
  }
  const context = await (await auth()).$context;
  const update: Record<string, unknown> = {};
  if (change.role !== undefined) update.role = change.role;
  if (change.name !== undefined) update.name = change.name.trim();
  if (change.disabled !== undefined) update.banned = change.disabled;
  if (Object.keys(update).length > 0) await context.internalAdapter.updateUser(id, update);
  // A disabled person is signed out at once, everywhere; their tokens stop working (lib/auth/identify.ts).
  if (change.disabled) await context.internalAdapter.deleteUserSessions(id);
  const after = await findPerson(id);
  const changed = Object.fromEntries(
    (["role", "name", "disabled"] as const)
      .filter((key) => change[key] !== undefined && before[key] !== after[key])
      .map((key) => [key, { from: before[key], to: after[key] }]),
  );
  if (Object.keys(changed).length > 0) await recordEvent("person_changed", by, { subject: id, email: after.email, ...changed });
  return after;
}

/** Ends every session of a person (an admin's "sign out everywhere" for someone else). */
export async function revokePersonSessions(id: string, by: Caller): Promise<void> {
  const person = await findPerson(id);
  const context = await (await auth()).$context;
  await context.internalAdapter.deleteUserSessions(id);
  await recordEvent("sessions_revoked", by, { subject: id, email: person.email });
}
