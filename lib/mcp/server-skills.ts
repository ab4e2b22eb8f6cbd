import "server-only";
// A server's skills as the Skills page lists them: every entry skills/list gives (no file is
// read), each with what the report card's rule finds wrong with it. A malformed entry is still
// shown, with its problems, rather than hidden: the person is finding out what the server offers.
import type { Caller } from "@/lib/domain/mcp-types";
import type { SkillFileView, SkillView, SkillsView } from "@/lib/domain/skills";
import { connected, listed } from "./server-catalogs";
import { sharedSkillNames, skillEntryProblems } from "./skill-rules";
import { listSkillEntries, pathInSkill, skillFolder } from "./skills";

type Loose = {
  uri?: unknown;
  frontmatter?: { name?: unknown; description?: unknown };
  resources?: unknown;
};

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const numberOrNull = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

function fileView(folder: string, raw: unknown): SkillFileView {
  const file = (raw && typeof raw === "object" ? raw : {}) as { uri?: unknown; size?: unknown; digest?: unknown };
  const uri = text(file.uri);
  return {
    uri,
    path: pathInSkill(folder, uri),
    size: numberOrNull(file.size),
    digest: typeof file.digest === "string" ? file.digest : null,
  };
}

export function skillView(raw: unknown, shared: ReadonlySet<string>): SkillView {
  const entry = (raw && typeof raw === "object" ? raw : {}) as Loose;
  const uri = text(entry.uri);
  const folder = skillFolder({ uri });
  const name = text(entry.frontmatter?.name);
  const files =
    entry.resources === "dynamic"
      ? ("dynamic" as const)
      : (Array.isArray(entry.resources) ? entry.resources : [])
          .map((file) => fileView(folder, file))
          .sort((a, b) => Number(b.uri === uri) - Number(a.uri === uri) || a.path.localeCompare(b.path));
  const sizes = files === "dynamic" ? [] : files.map((file) => file.size);
  const problems = skillEntryProblems(raw);
  if (shared.has(name)) problems.push(`another skill of this server is also named "${name}"`);
  return {
    uri,
    name: name || uri || "(unnamed)",
    description: text(entry.frontmatter?.description),
    files,
    size: sizes.length > 0 && sizes.every((size) => size !== null) ? sizes.reduce<number>((sum, size) => sum + size!, 0) : null,
    digest: files === "dynamic" ? null : (files.find((file) => file.uri === uri)?.digest ?? null),
    problems,
  };
}

export async function serverSkills(serverId: string, caller?: Caller): Promise<SkillsView> {
  const connection = await connected(serverId, caller);
  const { supported, entries, truncated } = await listed(connection, "skills", () => listSkillEntries(connection));
  const shared = new Set(sharedSkillNames(entries));
  return { supported, truncated, skills: entries.map((entry) => skillView(entry, shared)) };
}
