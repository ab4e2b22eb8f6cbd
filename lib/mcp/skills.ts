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
  resources: z.array(SkillFileSchema),
});
const SkillsPageSchema = z.looseObject({ skills: z.array(SkillEntrySchema), nextCursor: z.string().optional() });

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

/** Every skill the server lists (page by page); no file is read. */
export async function listSkills(connection: ServerConnection): Promise<{ supported: boolean; skills: SkillEntry[] }> {
  const client = await connection.ready();
  if (!offersSkills(client)) return { supported: false, skills: [] };
  const skills: SkillEntry[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
    const page = await client.request({ method: "skills/list", params: cursor ? { cursor } : {} }, SkillsPageSchema, {
      timeout: connection.callTimeoutMs,
    });
    skills.push(...page.skills);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return { supported: true, skills };
}

/** The bytes of a resources/read answer for `uri` (text as UTF-8, a blob as sent). */
async function readBytes(connection: ServerConnection, uri: string, signal: AbortSignal): Promise<Buffer> {
  const client = await connection.ready();
  const result = await client.readResource({ uri }, { timeout: connection.callTimeoutMs, signal, cacheMode: "bypass" });
  const content = result.contents.find((c) => c.uri === uri) ?? result.contents[0];
  if (!content) throw new SkillVerificationError(uri, "size", "the server answered no content");
  return "text" in content ? Buffer.from(content.text, "utf8") : Buffer.from(content.blob, "base64");
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

function listed(entry: SkillEntry, uri: string): SkillFile {
  const file = entry.resources.find((f) => f.uri === uri);
  if (!file) throw new SkillVerificationError(uri, "unlisted", `not among the files of ${entry.uri}`);
  return file;
}

/** Loads a skill: its SKILL.md, read now and verified (size, digest, frontmatter) before it is used. */
export async function loadSkill(connection: ServerConnection, entry: SkillEntry, signal: AbortSignal): Promise<{ body: string }> {
  const file = listed(entry, entry.uri);
  const bytes = await readBytes(connection, entry.uri, signal);
  verify(file, bytes);
  const body = bytes.toString("utf8");
  const parsed = parseFrontmatter(body);
  if (!parsed.ok) throw new SkillVerificationError(entry.uri, "frontmatter", parsed.error);
  const differing = frontmatterDiscrepancies(parsed.frontmatter, entry.frontmatter);
  if (differing.length > 0)
    throw new SkillVerificationError(entry.uri, "frontmatter", `${differing.join(", ")} differ from the entry skills/list gave`);
  return { body };
}

/** One of a loaded skill's supporting files, read when needed and verified against its entry. */
export async function readSkillFile(connection: ServerConnection, entry: SkillEntry, uri: string, signal: AbortSignal): Promise<Buffer> {
  const file = listed(entry, uri);
  const bytes = await readBytes(connection, uri, signal);
  verify(file, bytes);
  return bytes;
}
