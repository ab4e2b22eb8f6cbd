// A server's skills as a person finds them (lib/mcp/server-skills.ts) and reads them
// (lib/calls/skill-files.ts): the demo server's skill, listed and read through the audited
// pipeline; a fixture's tampered skill, whose files are refused; a malformed entry, shown with what
// is wrong with it, and the report card's rule on it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA_OPERATOR } from "@/test/callers";
import { DEMO_CLI } from "@/test/demo-client";
import { programArgs } from "@/test/programs";
import { REPO_ROOT, stdioCommand } from "@/test/fixtures/spawn";
import { forgetProductSettings } from "@/test/product-settings";

const ADA = ADA_OPERATOR;
const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-skills-"));
const DEMO_SKILL = "skill://demo/weather-briefing/SKILL.md";

beforeAll(() => {
  forgetProductSettings();
  fs.writeFileSync(
    path.join(configDir, "mcp.json"),
    JSON.stringify({
      mcpServers: {
        demo: { command: process.execPath, args: [...programArgs(DEMO_CLI), "stdio"], cwd: REPO_ROOT },
        skills: stdioCommand("skills-server.ts"),
      },
    }),
  );
  Object.assign(process.env, {
    TOOLSCOPE_DATA_DIR: configDir,
    TOOLSCOPE_CONFIG: path.join(configDir, "mcp.json"),
    TOOLSCOPE_DEMO_SERVER: "off",
  });
});

afterAll(async () => {
  const { allConnections } = await import("@/lib/mcp/pool");
  await Promise.all((await allConnections()).map((connection) => connection.close()));
  fs.rmSync(configDir, { recursive: true, force: true });
});

describe("the demo server's skill", () => {
  it("is listed with its files, sizes and digest, and nothing wrong with it", async () => {
    const { serverSkills } = await import("@/lib/mcp/server-skills");
    const { supported, skills } = await serverSkills("demo", ADA);
    expect(supported).toBe(true);
    expect(skills).toHaveLength(1);
    const [skill] = skills;
    expect(skill).toMatchObject({ uri: DEMO_SKILL, name: "weather-briefing", problems: [] });
    expect(skill!.description).toMatch(/weather briefing/);
    const files = skill!.files as { path: string; size: number; digest: string }[];
    expect(files.map((file) => file.path)).toEqual(["SKILL.md", "references/CITIES.md", "references/STYLE.md", "templates/briefing.txt"]);
    expect(skill!.size).toBe(files.reduce((sum, file) => sum + file.size, 0));
    expect(skill!.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("reads its SKILL.md through the audited pipeline, verified", async () => {
    const { readSkillFileText } = await import("./skill-files");
    const read = await readSkillFileText({ serverId: "demo", skill: DEMO_SKILL, uri: DEMO_SKILL, caller: ADA });
    expect(read).toMatchObject({ path: "SKILL.md", mimeType: "text/markdown" });
    expect(read.text).toMatch(/^---\nname: weather-briefing\n/);
    const { getAuditEntry } = await import("@/lib/audit/query");
    const { readerOf } = await import("@/lib/audit/visibility");
    const { record } = await getAuditEntry(read.auditId, readerOf({ ...ADA, role: "admin" }));
    expect(record).toMatchObject({ kind: "resource_read", tool_name: DEMO_SKILL, actor_id: "user-ada", outcome: "ok" });
  });

  it("refuses a file its entry does not list, and a skill the server does not list", async () => {
    const { readSkillFileFor } = await import("./skill-files");
    await expect(
      readSkillFileFor({ serverId: "demo", skill: DEMO_SKILL, uri: "demo://files/report.csv", caller: ADA }),
    ).rejects.toMatchObject({ code: "bad_gateway:skill_unverified", message: expect.stringMatching(/not among the files/) });
    await expect(
      readSkillFileFor({ serverId: "demo", skill: "skill://demo/nope/SKILL.md", uri: "skill://demo/nope/SKILL.md", caller: ADA }),
    ).rejects.toMatchObject({ code: "not_found:skill" });
  });
});

describe("a server whose skills are not what they say", () => {
  it("lists a malformed entry with what is wrong with it", async () => {
    const { serverSkills } = await import("@/lib/mcp/server-skills");
    const { skills } = await serverSkills("skills", ADA);
    expect(skills.map((skill) => skill.name)).toEqual(["good-skill", "tampered", "Bad_Name"]);
    expect(skills[0]!.problems).toEqual([]);
    const problems = skills[2]!.problems.join("\n");
    expect(problems).toMatch(/name "Bad_Name" is not 1–64 lowercase letters/);
    expect(problems).toMatch(/outside the skill's folder, e.g. skill:\/\/elsewhere\/secrets.txt/);
    expect(problems).toMatch(/resources/);
  });

  it("refuses a file whose bytes differ from its entry, and a SKILL.md whose frontmatter does", async () => {
    const { readSkillFileText } = await import("./skill-files");
    const skill = "skill://fixture/tampered/SKILL.md";
    await expect(
      readSkillFileText({ serverId: "skills", skill, uri: "skill://fixture/tampered/references/NOTES.md", caller: ADA }),
    ).rejects.toMatchObject({
      code: "bad_gateway:skill_unverified",
      message: expect.stringMatching(/failed verification \((size|digest)\)/),
    });
    await expect(readSkillFileText({ serverId: "skills", skill, uri: skill, caller: ADA })).rejects.toMatchObject({
      code: "bad_gateway:skill_unverified",
    });
    const good = "skill://fixture/good-skill/SKILL.md";
    expect((await readSkillFileText({ serverId: "skills", skill: good, uri: good, caller: ADA })).text).toMatch(/Do the thing/);
  });

  it("is marked by the report card's rule", async () => {
    const { connectionFor } = await import("@/lib/mcp/pool");
    const { skillFindings } = await import("@/lib/report/skill-findings");
    const findings = await skillFindings(await connectionFor("skills", ADA), true);
    expect(findings.map((finding) => [finding.rule, finding.severity, finding.field])).toEqual([
      ["spec/skill-entry", "error", "skill://fixture/Bad_Name/SKILL.md"],
    ]);
    expect(await skillFindings(await connectionFor("demo", ADA), true)).toEqual([]);
  });
});
