import "server-only";
// Model providers given in the UI (table model_providers), beside the environment's: shared ones an
// admin adds for the roles they name, and a person's own, named `my-…`, that only they see or use.
// The key is sealed at rest, bound to its row, and never leaves this module but to the provider it
// is for: a listing says only whether one is set. A key is never sent to an address it was not
// given for: changing a provider's address asks for its key again.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { seal, unseal } from "@/lib/crypto/secret-box";
import { database } from "@/lib/db";
import type { ModelProvidersTable } from "@/lib/db/schema";
import { PERSONAL_PREFIX, PROVIDER_IDS, PROVIDER_KINDS, type ModelProvider, type ProviderKind } from "@/lib/domain/playground";
import { can, ROLES, type Caller, type Role } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import { processWide } from "@/lib/process-wide";

/** Whose models: a person (their role's shared providers and their own), or a server's setting an admin chose (every shared one). */
export type ModelUser = Pick<Caller, "userId" | "role" | "scopes">;

/** A server's sampling model is an admin's choice: every shared provider, no one's own. */
export const SERVER_SETTING: ModelUser = { userId: null, role: "admin", scopes: null };

export type StoredProvider = ModelProvider & { apiKey: string };

const DEFAULT_BASE_URL: Record<ProviderKind, string | null> = {
  openai: "https://api.openai.com/v1",
  "openai-compatible": null,
  anthropic: "https://api.anthropic.com/v1",
  google: "https://generativelanguage.googleapis.com/v1beta",
};

const SHORT_LABEL: Record<ProviderKind, string> = {
  openai: "OpenAI",
  "openai-compatible": "OpenAI-compatible",
  anthropic: "Anthropic",
  google: "Google",
};

/** Every key this process has unsealed, so that a failure's words can be cleaned of it (lib/models/providers.ts). */
export const knownKeys = processWide("model-provider-keys", () => new Set<string>());

const NAME = /^[a-z][a-z0-9-]{1,39}$/;

const BaseUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "Give an http(s) address without a user or password in it (the key has a field of its own), such as http://127.0.0.1:11434/v1.");

export const NewProviderSchema = z.object({
  scope: z.enum(["shared", "personal"]),
  name: z
    .string()
    .trim()
    .regex(
      NAME,
      "A name is 2 to 40 lower-case letters, digits and dashes, starting with a letter: it is the first part of its models' names.",
    ),
  kind: z.enum(PROVIDER_KINDS),
  label: z.string().trim().max(80).optional(),
  baseUrl: BaseUrl.optional(),
  apiKey: z.string().trim().max(4096).optional(),
  roles: z.array(z.enum(ROLES)).nullable().optional(),
});
export type NewProvider = z.infer<typeof NewProviderSchema>;

/** A change: what is left out stays; `apiKey: null` takes the key away, `baseUrl: null` goes back to the provider's own. */
export const ProviderChangeSchema = z.object({
  label: z.string().trim().max(80).optional(),
  baseUrl: BaseUrl.nullable().optional(),
  apiKey: z.string().trim().max(4096).nullable().optional(),
  roles: z.array(z.enum(ROLES)).nullable().optional(),
});
export type ProviderChange = z.infer<typeof ProviderChangeSchema>;

const keyPurpose = (id: string): string => `model provider key ${id}`;

function hostOf(url: string): string {
  return new URL(url).host;
}

function toProvider(row: ModelProvidersTable): ModelProvider {
  const kind = row.kind as ProviderKind;
  const baseUrl = row.base_url ?? DEFAULT_BASE_URL[kind] ?? "";
  return {
    id: row.name,
    kind,
    label: row.label || (kind === "openai-compatible" ? `${SHORT_LABEL[kind]} (${hostOf(baseUrl)})` : SHORT_LABEL[kind]),
    baseUrl: baseUrl.replace(/\/+$/, ""),
    compatible: kind === "openai-compatible",
    source: row.owner_id ? "personal" : "shared",
    roles: row.owner_id ? undefined : row.roles ? (JSON.parse(row.roles) as Role[]) : null,
    hasKey: Boolean(row.sealed_key),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** A shared provider a person's role may use (an admin may use and manage every one), or their own. */
function usableBy(row: ModelProvidersTable, user: ModelUser): boolean {
  if (row.owner_id) return row.owner_id === user.userId;
  if (!user.role) return false;
  if (user.role === "admin") return true;
  const roles = row.roles ? (JSON.parse(row.roles) as Role[]) : null;
  return roles === null || roles.includes(user.role);
}

async function rowsFor(user: ModelUser): Promise<ModelProvidersTable[]> {
  const db = await database();
  const rows = await db
    .selectFrom("model_providers")
    .selectAll()
    .where("owner_id", "in", user.userId ? ["", user.userId] : [""])
    .orderBy("owner_id")
    .orderBy("name")
    .execute();
  return rows.filter((row) => usableBy(row, user));
}

/** The providers given in the UI that this person may see and use, without keys. */
export async function providersFor(user: ModelUser): Promise<ModelProvider[]> {
  return (await rowsFor(user)).map(toProvider);
}

/** The same, with their keys: for lib/models/providers.ts alone. */
export async function providersWithKeys(user: ModelUser): Promise<StoredProvider[]> {
  return (await rowsFor(user)).map((row) => {
    const apiKey = row.sealed_key ? unseal(row.sealed_key, keyPurpose(row.id)) : "";
    if (apiKey) knownKeys.add(apiKey);
    return { ...toProvider(row), apiKey };
  });
}

function assertMayManage(caller: Caller, scope: "shared" | "personal"): void {
  if (scope === "shared" && !can(caller, "servers:manage"))
    throw new AppError("forbidden:role", "Only an admin adds or changes shared model providers. You can add a key of your own.");
  if (scope === "personal" && !caller.userId)
    throw new AppError(
      "bad_request:model_provider",
      "A provider of one's own is for a person with an account. Here, add it as shared: it is for everyone who uses this Toolscope.",
    );
}

function checkShape(kind: ProviderKind, baseUrl: string | null, hasKey: boolean): void {
  if (kind === "openai-compatible" && !baseUrl)
    throw new AppError("bad_request:model_provider", "An OpenAI-compatible endpoint needs its address, such as http://127.0.0.1:11434/v1.");
  if (kind !== "openai-compatible" && !hasKey) throw new AppError("bad_request:model_provider", `${SHORT_LABEL[kind]} needs an API key.`);
}

/** Adds a provider; answers it as anyone may see it. */
export async function addProvider(caller: Caller, input: NewProvider): Promise<ModelProvider> {
  assertMayManage(caller, input.scope);
  const personal = input.scope === "personal";
  if (personal !== input.name.startsWith(PERSONAL_PREFIX))
    throw new AppError(
      "bad_request:model_provider",
      personal
        ? `A provider of your own is named ${PERSONAL_PREFIX}…, such as ${PERSONAL_PREFIX}${input.name}.`
        : `Names beginning ${PERSONAL_PREFIX} are for people's own providers; give a shared one another name.`,
    );
  if ((PROVIDER_IDS as readonly string[]).includes(input.name))
    throw new AppError(
      "bad_request:model_provider",
      `"${input.name}" is kept for the provider the environment configures; give it another name.`,
    );
  const baseUrl = input.baseUrl || null;
  const apiKey = input.apiKey || null;
  checkShape(input.kind, baseUrl, apiKey !== null);
  const db = await database();
  const ownerId = personal ? caller.userId! : "";
  const existing = await db
    .selectFrom("model_providers")
    .select("id")
    .where("name", "=", input.name)
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  if (existing) throw new AppError("conflict:model_provider", `A provider named "${input.name}" exists already.`);
  const id = randomUUID();
  const now = new Date().toISOString();
  const row: ModelProvidersTable = {
    id,
    name: input.name,
    owner_id: ownerId,
    kind: input.kind,
    label: input.label ?? "",
    base_url: baseUrl,
    sealed_key: apiKey ? seal(apiKey, keyPurpose(id)) : null,
    roles: personal || !input.roles ? null : JSON.stringify([...new Set(input.roles)]),
    created_at: now,
    updated_at: now,
    updated_by: caller.actor,
  };
  await db.insertInto("model_providers").values(row).execute();
  return toProvider(row);
}

/** The row a caller may change: a shared one for an admin, their own for a person; anything else is not there for them. */
async function rowToManage(caller: Caller, name: string): Promise<ModelProvidersTable> {
  const db = await database();
  const personal = name.startsWith(PERSONAL_PREFIX);
  assertMayManage(caller, personal ? "personal" : "shared");
  const row = await db
    .selectFrom("model_providers")
    .selectAll()
    .where("name", "=", name)
    .where("owner_id", "=", personal ? caller.userId! : "")
    .executeTakeFirst();
  if (!row) throw new AppError("not_found:model_provider", `There is no model provider named "${name}" that you may change.`);
  return row;
}

export async function changeProvider(caller: Caller, name: string, change: ProviderChange): Promise<ModelProvider> {
  const row = await rowToManage(caller, name);
  const kind = row.kind as ProviderKind;
  const baseUrl = change.baseUrl === undefined ? row.base_url : change.baseUrl;
  const keyStays = change.apiKey === undefined;
  if (keyStays && row.sealed_key && (baseUrl ?? "") !== (row.base_url ?? ""))
    throw new AppError(
      "bad_request:model_provider",
      "Give the key again with the new address: a key is never sent to an address it was not given for.",
    );
  const apiKey = keyStays ? null : change.apiKey || null;
  checkShape(kind, baseUrl, keyStays ? Boolean(row.sealed_key) : apiKey !== null);
  const next: ModelProvidersTable = {
    ...row,
    label: change.label ?? row.label,
    base_url: baseUrl,
    sealed_key: keyStays ? row.sealed_key : apiKey ? seal(apiKey, keyPurpose(row.id)) : null,
    roles: row.owner_id ? null : change.roles === undefined ? row.roles : change.roles ? JSON.stringify([...new Set(change.roles)]) : null,
    updated_at: new Date().toISOString(),
    updated_by: caller.actor,
  };
  const db = await database();
  await db
    .updateTable("model_providers")
    .set({
      label: next.label,
      base_url: next.base_url,
      sealed_key: next.sealed_key,
      roles: next.roles,
      updated_at: next.updated_at,
      updated_by: next.updated_by,
    })
    .where("id", "=", row.id)
    .execute();
  return toProvider(next);
}

export async function removeProvider(caller: Caller, name: string): Promise<void> {
  const row = await rowToManage(caller, name);
  await (await database()).deleteFrom("model_providers").where("id", "=", row.id).execute();
}
