import "server-only";
// The report card's rule on skills (`spec/skill-entry`): every entry skills/list gives, judged
// as the Skills page judges it (lib/mcp/skill-rules.ts). Nothing is asked of a server that does
// not declare the skills extension, or of one that is not connected.
import type { ServerConnection } from "@/lib/mcp/connection";
import { sharedSkillNames, skillEntryProblems } from "@/lib/mcp/skill-rules";
import { listSkillEntries } from "@/lib/mcp/skills";
import type { Finding } from "../domain/report-card";
import { found } from "./rules";

export async function skillFindings(connection: ServerConnection, connected: boolean): Promise<Finding[]> {
  if (!connected) return [];
  let entries: unknown[];
  try {
    ({ entries } = await listSkillEntries(connection));
  } catch (error) {
    return [
      found("spec/skill-entry", { field: "skills/list" }, `skills/list failed: ${error instanceof Error ? error.message : String(error)}`),
    ];
  }
  const findings: Finding[] = [];
  for (const [i, entry] of entries.entries()) {
    const problems = skillEntryProblems(entry);
    const uri = (entry as { uri?: unknown } | null)?.uri;
    if (problems.length > 0)
      findings.push(found("spec/skill-entry", { field: typeof uri === "string" ? uri : `skills[${i}]` }, problems.join("; ")));
  }
  for (const name of sharedSkillNames(entries))
    findings.push(
      found("spec/skill-entry", { field: "skills/list" }, `Two skills are named "${name}": a host can load only one of them by name.`),
    );
  return findings;
}
