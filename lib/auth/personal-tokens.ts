import "server-only";
// Personal API tokens: a person's credential for scripts. Named, scoped (read, call), expiring,
// revocable by their owner or an admin, shown once and stored only as a SHA-256 (a token carries
// 256 random bits, so a slow hash would add nothing but latency to every scripted call).
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { database } from "@/lib/db";
import type { Database } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { recordEvent } from "@/lib/audit/events";
import type { PersonalToken } from "./personal-tokens-shape";
import { can, TOKEN_SCOPES, type Caller, type TokenScope } from "../domain/roles";

export const TOKEN_PREFIX = "tsk_";

export type { PersonalToken } from "./personal-tokens-shape";

type Row = Database["personal_tokens"];

function toToken(row: Row): PersonalToken {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    scopes: row.scopes.split(",").filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s)),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export async function createToken(
  userId: string,
  input: { name: string; scopes: TokenScope[]; expiresInDays: number | null },
  now = Date.now(),
): Promise<{ token: PersonalToken; secret: string }> {
  const db = await database();
  const secret = `${TOKEN_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const row: Row = {
    id: crypto.randomUUID(),
    user_id: userId,
    name: input.name,
    token_hash: hashToken(secret),
    scopes: [...new Set(input.scopes)].join(","),
    created_at: new Date(now).toISOString(),
    expires_at: input.expiresInDays === null ? null : new Date(now + input.expiresInDays * 86_400_000).toISOString(),
    last_used_at: null,
    revoked_at: null,
    revoked_by: null,
  };
  await db.insertInto("personal_tokens").values(row).execute();
  return { token: toToken(row), secret };
}

export async function listTokens(userId: string): Promise<PersonalToken[]> {
  const db = await database();
  const rows = await db.selectFrom("personal_tokens").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").execute();
  return rows.map(toToken);
}

export async function findToken(id: string): Promise<PersonalToken | undefined> {
  const db = await database();
  const row = await db.selectFrom("personal_tokens").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toToken(row) : undefined;
}

/** Revokes a token; false when it was already revoked. */
export async function revokeToken(id: string, by: string | null, now = Date.now()): Promise<boolean> {
  const db = await database();
  const result = await db
    .updateTable("personal_tokens")
    .set({ revoked_at: new Date(now).toISOString(), revoked_by: by })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const LAST_USED_PRECISION_MS = 60_000;

/**
 * The token and its owner for a bearer secret, or an error saying why it is refused: unknown,
 * revoked or expired (scripts deserve to know which).
 */
export type TokenOwner = {
  id: string;
  name: string;
  email: string;
  role: string | null;
  banned: boolean | number | null;
  groups: string | null;
};

export async function verifyToken(secret: string, now = Date.now()): Promise<{ token: PersonalToken; owner: TokenOwner }> {
  const db: Kysely<Database> = await database();
  // The token and its owner in one round trip (a token goes when its owner does: on delete cascade).
  const found = await db
    .selectFrom("personal_tokens")
    .innerJoin("auth_user", "auth_user.id", "personal_tokens.user_id")
    .selectAll("personal_tokens")
    .select([
      "auth_user.name as owner_name",
      "auth_user.email as owner_email",
      "auth_user.role as owner_role",
      "auth_user.banned as owner_banned",
      "auth_user.groups as owner_groups",
    ])
    .where("personal_tokens.token_hash", "=", hashToken(secret))
    .executeTakeFirst();
  const row = found;
  if (!row) throw new AppError("unauthorized:token", "This personal token is not known. Check it was copied whole, or create a new one.");
  if (row.revoked_at)
    throw new AppError(
      "unauthorized:token_revoked",
      `The personal token "${row.name}" was revoked on ${row.revoked_at}. Create a new one.`,
    );
  if (row.expires_at && Date.parse(row.expires_at) <= now) {
    throw new AppError("unauthorized:token_expired", `The personal token "${row.name}" expired on ${row.expires_at}. Create a new one.`);
  }
  // Recorded to the minute: a script's every call must not be a write.
  if (!row.last_used_at || Date.parse(row.last_used_at) < now - LAST_USED_PRECISION_MS) {
    await db
      .updateTable("personal_tokens")
      .set({ last_used_at: new Date(now).toISOString() })
      .where("id", "=", row.id)
      .execute();
  }
  const owner = {
    id: row.user_id,
    name: row.owner_name,
    email: row.owner_email,
    role: row.owner_role,
    banned: row.owner_banned,
    groups: row.owner_groups,
  };
  return { token: toToken(row), owner };
}

/** The caller's new token, audited. */
export async function createTokenFor(
  caller: Caller,
  input: { name: string; scopes: TokenScope[]; expiresInDays: number | null },
): Promise<{ token: PersonalToken; secret: string }> {
  if (!caller.userId) throw new AppError("bad_request:no_account");
  const created = await createToken(caller.userId, input);
  await recordEvent("token_created", caller, {
    subject: created.token.id,
    name: created.token.name,
    scopes: created.token.scopes,
    expiresAt: created.token.expiresAt,
  });
  return created;
}

/** Revokes a token of the caller's own, or anyone's for an admin; someone else's is not found. */
export async function revokeTokenAs(id: string, caller: Caller): Promise<PersonalToken> {
  const token = await findToken(id);
  if (!token || (token.userId !== caller.userId && !can(caller, "people:manage"))) throw new AppError("not_found:token");
  if (await revokeToken(id, caller.userId ?? caller.actor)) {
    await recordEvent("token_revoked", caller, { subject: id, name: token.name, owner: token.userId });
  }
  return (await findToken(id))!;
}
