import "server-only";
// Reading one file of a server's skill for a person: their SKILL.md to read, or a file to
// download. The file is read as any resource is (the call pipeline: access, limits, the audit
// log), then verified against the skill's entry from skills/list (size, digest, and SKILL.md's
// frontmatter) before anything of it reaches the person; a file that fails is refused, with why.
import { AppError } from "@/lib/errors";
import type { Caller } from "@/lib/domain/mcp-types";
import type { SkillFileRead } from "@/lib/domain/skills";
import { connected, listed } from "@/lib/mcp/server-catalogs";
import {
  contentBytes,
  listSkillEntries,
  pathInSkill,
  skillFolder,
  SkillVerificationError,
  usableSkillEntry,
  verifySkillFile,
} from "@/lib/mcp/skills";
import { readResource } from "./run-feature";

export type SkillFileRequest = { serverId: string; skill: string; uri: string; caller: Caller; signal?: AbortSignal | undefined };

export type SkillFileBytes = Omit<SkillFileRead, "text"> & { bytes: Buffer };

export async function readSkillFileFor(request: SkillFileRequest): Promise<SkillFileBytes> {
  const connection = await connected(request.serverId, request.caller);
  // Listed afresh for each file, not cached: the bytes are checked against the entry the server
  // gives now, so a skill it changed since the page was opened is not verified against stale digests.
  const { entries } = await listed(connection, "skills", () => listSkillEntries(connection));
  const raw = entries.find((entry) => (entry as { uri?: unknown } | null)?.uri === request.skill);
  if (raw === undefined) throw new AppError("not_found:skill", `${connection.config.name} lists no skill ${request.skill}.`);
  const entry = usableSkillEntry(raw);
  if (!entry)
    throw new AppError("bad_gateway:skill_unverified", `The entry of ${request.skill} is malformed, so its files cannot be verified.`);
  const response = await readResource({ serverId: request.serverId, uri: request.uri, caller: request.caller, signal: request.signal });
  if (response.status !== "ok" || !response.result)
    throw new AppError(
      "bad_gateway:server",
      `${connection.config.name} did not read ${request.uri}: ${response.error?.message ?? response.status}`,
    );
  try {
    const bytes = contentBytes(request.uri, response.result.contents);
    verifySkillFile(entry, request.uri, bytes);
    const content = response.result.contents.find((c) => c.uri === request.uri) ?? response.result.contents[0];
    return {
      uri: request.uri,
      path: pathInSkill(skillFolder(entry), request.uri),
      size: bytes.byteLength,
      mimeType: content?.mimeType ?? null,
      bytes,
      auditId: response.auditId,
    };
  } catch (error) {
    if (error instanceof SkillVerificationError) throw new AppError("bad_gateway:skill_unverified", `${error.message}: it was not used.`);
    throw error;
  }
}

/** The file as text when it is UTF-8 (SKILL.md always is), for reading on the page. */
export async function readSkillFileText(request: SkillFileRequest): Promise<SkillFileRead> {
  const { bytes, ...file } = await readSkillFileFor(request);
  const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let decoded: string | null;
  try {
    decoded = text.decode(bytes);
  } catch {
    decoded = null;
  }
  return { ...file, text: decoded };
}
