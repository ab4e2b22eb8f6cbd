import "server-only";
// What makes a skills/list entry malformed (SEP-2640 and the Agent Skills format it carries):
// the entry's shape (the SDK's own schema: a SKILL.md URI, its frontmatter, every file with a
// sha256 digest and a size, or "dynamic"), the name and description rules of SKILL.md, every
// file under the skill's folder and listed once, SKILL.md among them, and the SDK's publication
// limits. One list, for the report card's rule and the Skills page alike.
import { SKILL_LIMITS, SkillSchema } from "@modelcontextprotocol/core/ext/skills";
import { skillFolder } from "./skills";

/** Lowercase letters, digits and single hyphens, not at either end (the Agent Skills name rule). */
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NAME_MAX = 64;
const DESCRIPTION_MAX = 1024;

type Loose = { uri?: unknown; frontmatter?: { name?: unknown; description?: unknown }; resources?: unknown };

/** The folder name a skill's SKILL.md sits in (`skill://acme/pdf/SKILL.md` → `pdf`). */
function folderName(uri: string): string | undefined {
  const parts = uri.split("/");
  return parts.length >= 2 ? parts[parts.length - 2] : undefined;
}

export function skillEntryProblems(raw: unknown): string[] {
  const problems: string[] = [];
  const parsed = SkillSchema.safeParse(raw);
  if (!parsed.success)
    for (const issue of parsed.error.issues.slice(0, 5)) problems.push(`${issue.path.join(".") || "the entry"}: ${issue.message}`);
  const entry = (raw && typeof raw === "object" ? raw : {}) as Loose;
  const uri = typeof entry.uri === "string" ? entry.uri : "";
  if (uri && !uri.endsWith("/SKILL.md")) problems.push(`uri ${uri} does not name a SKILL.md`);
  const name = entry.frontmatter?.name;
  if (typeof name === "string") {
    if (name.length > NAME_MAX || !NAME.test(name))
      problems.push(`name "${name}" is not 1–${NAME_MAX} lowercase letters, digits and single hyphens`);
    const folder = uri ? folderName(uri) : undefined;
    if (folder && NAME.test(name) && folder !== name) problems.push(`name "${name}" is not its folder's name, "${folder}"`);
  }
  const description = entry.frontmatter?.description;
  if (typeof description === "string" && description.trim() === "") problems.push("description is empty");
  if (typeof description === "string" && description.length > DESCRIPTION_MAX)
    problems.push(`description is ${description.length} characters, over ${DESCRIPTION_MAX}`);
  if (Array.isArray(entry.resources) && uri) problems.push(...fileProblems(uri, entry.resources));
  return problems;
}

function fileProblems(uri: string, resources: unknown[]): string[] {
  const problems: string[] = [];
  const folder = skillFolder({ uri });
  const uris = resources.map((file) => (file && typeof file === "object" ? (file as { uri?: unknown }).uri : undefined));
  if (!uris.includes(uri)) problems.push("its SKILL.md is not among its files, so it cannot be verified");
  const outside = uris.filter((file): file is string => typeof file === "string" && !file.startsWith(folder));
  if (outside.length > 0) problems.push(`${outside.length} file(s) outside the skill's folder, e.g. ${outside[0]}`);
  const repeated = uris.filter((file, i) => typeof file === "string" && uris.indexOf(file) !== i);
  if (repeated.length > 0) problems.push(`${String(repeated[0])} is listed more than once`);
  if (resources.length > SKILL_LIMITS.files) problems.push(`${resources.length} files, over the ${SKILL_LIMITS.files} a skill may publish`);
  const bytes = resources.reduce<number>((sum, file) => sum + Number((file as { size?: unknown }).size ?? 0), 0);
  if (bytes > SKILL_LIMITS.bytes) problems.push(`${bytes} bytes in all, over the ${SKILL_LIMITS.bytes} a skill may publish`);
  return problems;
}

/** Names two skills of one server share: a host can load only one of them by name. */
export function sharedSkillNames(entries: readonly unknown[]): string[] {
  const names = entries.map((entry) => (entry as Loose | undefined)?.frontmatter?.name).filter((name) => typeof name === "string");
  return [...new Set(names.filter((name, i) => names.indexOf(name) !== i))] as string[];
}
