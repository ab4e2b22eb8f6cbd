import "server-only";
// The skills extension (SEP-2640, `io.modelcontextprotocol/skills`): a server lists skills, each
// an entry naming its SKILL.md, its frontmatter and every file with a digest and a size. Listing
// reads no file (a host MUST NOT retrieve a skill's files ahead of need). Loading a skill reads
// its SKILL.md and uses it only once verified: the size, the digest, then the frontmatter field
// by field against the entry; a supporting file is read when needed and verified the same way.
// Whatever fails verification is refused, never shown as the skill (a server could otherwise list
// one skill and serve another).
import { createHash } from "node:crypto";
import type { Client } from "@modelcontextprotocol/client";
import { z } from "zod";
import type { ServerConnection } from "./connection";
import { MAX_LIST_PAGES } from "./list-tools";
import { frontmatterDiscrepancies, parseFrontmatter } from "./skill-frontmatter";

export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";

const SkillFileSchema = z.looseObject({ uri: z.string(), digest: z.string().optional(), size: z.number().int().nonnegative().optional() });
const SkillEntrySchema = z.looseObject({
  uri: z.string(),
  frontmatter: z.record(z.string(), z.unknown()),
  /** Every file, or "dynamic": the server lists none ahead (they cannot be verified, only read). */
  resources: z.union([z.array(SkillFileSchema), z.literal("dynamic")]),
});

export type SkillFile = z.infer<typeof SkillFileSchema>;
export type SkillEntry = z.infer<typeof SkillEntrySchema>;

/** A file that failed verification: it must not be used. */
export class SkillVerificationError extends Error {
  constructor(
    readonly uri: string,
    readonly failure: "size" | "digest" | "frontmatter" | "unlisted",
    detail: string,
  ) {
    super(`${uri} failed verification (${failure}): ${detail}`);
    this.name = "SkillVerificationError";
  }
}

export function offersSkills(client: Client): boolean {
  const extensions = (client.getServerCapabilities() as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  return Boolean(extensions && SKILLS_EXTENSION in extensions);
}

const LoosePageSchema = z.looseObject({ skills: z.array(z.unknown()), nextCursor: z.string().optional() });

/** Every entry the server lists, as sent (page by page), for the report card and the Skills page to judge; no file is read. */
export async function listSkillEntries(
  connection: ServerConnection,
): Promise<{ supported: boolean; entries: unknown[]; truncated: boolean }> {
  const client = await connection.ready();
  if (!offersSkills(client)) return { supported: false, entries: [], truncated: false };
  const entries: unknown[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
    const page = await client.request({ method: "skills/list", params: cursor ? { cursor } : {} }, LoosePageSchema, {
      timeout: connection.callTimeoutMs,
    });
    entries.push(...page.skills);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return { supported: true, entries, truncated: cursor !== undefined };
}

/** An entry as Toolscope can use it (verify its files against), or undefined when it is too malformed for that. */
export function usableSkillEntry(raw: unknown): SkillEntry | undefined {
  const parsed = SkillEntrySchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** Every skill the server lists (page by page), each entry as Toolscope can use it: a malformed one fails the listing. No file is read. */
export async function listSkills(connection: ServerConnection): Promise<{ supported: boolean; skills: SkillEntry[] }> {
  const { supported, entries } = await listSkillEntries(connection);
  return { supported, skills: z.array(SkillEntrySchema).parse(entries) };
}

/** The bytes of a resources/read answer for `uri` (text as UTF-8, a blob as sent). */
export function contentBytes(uri: string, contents: readonly ({ uri: string; text: string } | { uri: string; blob: string })[]): Buffer {
  const content = contents.find((c) => c.uri === uri) ?? contents[0];
  if (!content) throw new SkillVerificationError(uri, "size", "the server answered no content");
  return "text" in content ? Buffer.from(content.text, "utf8") : Buffer.from(content.blob, "base64");
}

async function readBytes(connection: ServerConnection, uri: string, signal: AbortSignal): Promise<Buffer> {
  const client = await connection.ready();
  const result = await client.readResource({ uri }, { timeout: connection.callTimeoutMs, signal, cacheMode: "bypass" });
  return contentBytes(uri, result.contents);
}

/** Checks a file's bytes against its entry: the size first (cheap), then the digest. */
function verify(file: SkillFile, bytes: Buffer): void {
  if (file.size !== undefined && bytes.byteLength !== file.size)
    throw new SkillVerificationError(file.uri, "size", `${bytes.byteLength} bytes, the entry says ${file.size}`);
  if (file.digest === undefined) return;
  const [algorithm, expected] = file.digest.split(":", 2);
  // A digest Toolscope cannot compute is one it cannot verify.
  if (algorithm !== "sha256" || !expected) throw new SkillVerificationError(file.uri, "digest", `unsupported digest ${file.digest}`);
  const actual = createHash("sha256").update(bytes).digest("hex");
  if (actual !== expected.toLowerCase())
    throw new SkillVerificationError(file.uri, "digest", `sha256 ${actual}, the entry says ${expected}`);
}

/** The files a skill's entry lists (none for a "dynamic" one). */
export function skillFiles(entry: SkillEntry): SkillFile[] {
  return entry.resources === "dynamic" ? [] : entry.resources;
}

/** The folder a skill's files live under: its SKILL.md's (`skill://acme/pdf/SKILL.md` → `skill://acme/pdf/`). */
export function skillFolder(entry: Pick<SkillEntry, "uri">): string {
  return entry.uri.slice(0, entry.uri.lastIndexOf("/") + 1);
}

/** A file's path within its skill's folder (`scripts/run.py`), or its whole URI when it lies outside. */
export function pathInSkill(folder: string, uri: string): string {
  return uri.startsWith(folder) ? uri.slice(folder.length) : uri;
}

function listed(entry: SkillEntry, uri: string): SkillFile {
  // A dynamic skill lists nothing ahead: any file under its folder, with nothing to check it against.
  if (entry.resources === "dynamic" && uri.startsWith(skillFolder(entry))) return { uri };
  const file = skillFiles(entry).find((f) => f.uri === uri);
  if (!file) throw new SkillVerificationError(uri, "unlisted", `not among the files of ${entry.uri}`);
  return file;
}

/**
 * Checks a skill file's bytes against the skill's entry (size, digest; for SKILL.md, the
 * frontmatter field by field). Throws SkillVerificationError: what fails must not be used.
 */
export function verifySkillFile(entry: SkillEntry, uri: string, bytes: Buffer): void {
  verify(listed(entry, uri), bytes);
  if (uri !== entry.uri) return;
  const parsed = parseFrontmatter(bytes.toString("utf8"));
  if (!parsed.ok) throw new SkillVerificationError(entry.uri, "frontmatter", parsed.error);
  const differing = frontmatterDiscrepancies(parsed.frontmatter, entry.frontmatter);
  if (differing.length > 0)
    throw new SkillVerificationError(entry.uri, "frontmatter", `${differing.join(", ")} differ from the entry skills/list gave`);
}

/** Loads a skill: its SKILL.md, read now and verified (size, digest, frontmatter) before it is used. */
export async function loadSkill(connection: ServerConnection, entry: SkillEntry, signal: AbortSignal): Promise<{ body: string }> {
  listed(entry, entry.uri);
  const bytes = await readBytes(connection, entry.uri, signal);
  verifySkillFile(entry, entry.uri, bytes);
  return { body: bytes.toString("utf8") };
}

/** One of a loaded skill's supporting files, read when needed and verified against its entry. */
export async function readSkillFile(connection: ServerConnection, entry: SkillEntry, uri: string, signal: AbortSignal): Promise<Buffer> {
  listed(entry, uri);
  const bytes = await readBytes(connection, uri, signal);
  verifySkillFile(entry, uri, bytes);
  return bytes;
}
