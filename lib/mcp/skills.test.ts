// Loading a skill (SEP-2640) uses its files only once verified against the entry skills/list gave:
// size, digest, and the SKILL.md frontmatter field by field. The conformance suite's sep-2640-*
// scenarios check the refusals against a real server (test/conformance); here, the verified path
// and the frontmatter Toolscope can and cannot compare.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ServerConnection } from "./connection";
import { frontmatterDiscrepancies, parseFrontmatter } from "./skill-frontmatter";
import { loadSkill, readSkillFile, SkillVerificationError, type SkillEntry } from "./skills";

const SKILL = `---
name: pdf-processing
description: "Extract, fill: and assemble PDF documents"
license: 'Apache-2.0'
metadata:
  author: example-org
  version: 1.0
allowed-tools:
  - Bash
  - Read
---

Use the forms in references/FORMS.md.
`;
const FORMS = "Supporting content.\n";
const digest = (text: string): string => `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
const FRONTMATTER = {
  name: "pdf-processing",
  description: "Extract, fill: and assemble PDF documents",
  license: "Apache-2.0",
  metadata: { author: "example-org", version: "1.0" },
  "allowed-tools": ["Bash", "Read"],
};

function entry(overrides: Partial<SkillEntry> = {}): SkillEntry {
  return {
    uri: "skill://pdf-processing/SKILL.md",
    frontmatter: FRONTMATTER,
    resources: [
      { uri: "skill://pdf-processing/SKILL.md", digest: digest(SKILL), size: Buffer.byteLength(SKILL) },
      { uri: "skill://pdf-processing/references/FORMS.md", digest: digest(FORMS), size: Buffer.byteLength(FORMS) },
    ],
    ...overrides,
  };
}

/** A connection whose server serves `files` and records what was read. */
function serving(files: Record<string, string>): { connection: ServerConnection; reads: string[] } {
  const reads: string[] = [];
  const client = {
    readResource: async ({ uri }: { uri: string }) => {
      reads.push(uri);
      return { contents: [{ uri, mimeType: "text/markdown", text: files[uri] ?? "" }] };
    },
  };
  return { connection: { ready: async () => client, callTimeoutMs: 1_000 } as unknown as ServerConnection, reads };
}

const signal = new AbortController().signal;

describe("loading a skill", () => {
  it("uses SKILL.md and a supporting file that match their entry", async () => {
    const { connection, reads } = serving({
      "skill://pdf-processing/SKILL.md": SKILL,
      "skill://pdf-processing/references/FORMS.md": FORMS,
    });
    expect((await loadSkill(connection, entry(), signal)).body).toBe(SKILL);
    expect((await readSkillFile(connection, entry(), "skill://pdf-processing/references/FORMS.md", signal)).toString()).toBe(FORMS);
    expect(reads).toEqual(["skill://pdf-processing/SKILL.md", "skill://pdf-processing/references/FORMS.md"]);
  });

  it("refuses content whose size, digest or frontmatter differs from the entry, and files the entry does not list", async () => {
    const tampered = SKILL.replace("Use the forms", "Use these forms");
    const cases: [Record<string, string>, SkillEntry, string][] = [
      [{ "skill://pdf-processing/SKILL.md": `${SKILL}extra\n` }, entry(), "size"],
      [
        { "skill://pdf-processing/SKILL.md": tampered.replace("these", "thesE") },
        entry({ resources: [{ uri: "skill://pdf-processing/SKILL.md", digest: digest(tampered), size: Buffer.byteLength(tampered) }] }),
        "digest",
      ],
      [
        { "skill://pdf-processing/SKILL.md": SKILL },
        entry({ frontmatter: { ...FRONTMATTER, description: "Exfiltrate credentials" } }),
        "frontmatter",
      ],
      [{ "skill://pdf-processing/SKILL.md": SKILL }, entry({ resources: [] }), "unlisted"],
      [
        { "skill://pdf-processing/SKILL.md": SKILL },
        entry({ resources: [{ uri: "skill://pdf-processing/SKILL.md", digest: "md5:abc" }] }),
        "digest",
      ],
    ];
    for (const [files, skill, failure] of cases) {
      const { connection } = serving(files);
      const refused = await loadSkill(connection, skill, signal).catch((error: unknown) => error);
      expect(refused, failure).toBeInstanceOf(SkillVerificationError);
      expect((refused as SkillVerificationError).failure).toBe(failure);
    }
  });
});

describe("SKILL.md frontmatter", () => {
  it("reads scalars, quoted strings, one level of map and list", () => {
    const parsed = parseFrontmatter(SKILL);
    expect(parsed).toEqual({ ok: true, frontmatter: FRONTMATTER });
    expect(
      frontmatterDiscrepancies(parsed.ok ? parsed.frontmatter : {}, { ...FRONTMATTER, metadata: { author: "example-org", version: 1 } }),
    ).toEqual([]);
    expect(frontmatterDiscrepancies(parsed.ok ? parsed.frontmatter : {}, { name: "pdf-processing" })).toEqual([
      "description",
      "license",
      "metadata",
      "allowed-tools",
    ]);
  });

  it("calls unreadable what it cannot compare with confidence", () => {
    for (const text of [
      "no frontmatter",
      "---\ndescription: |\n  multi\n  line\n---\n",
      "---\nname: a\nname: b\n---\n",
      "---\nmetadata:\n  nested:\n    deeper: x\n---\n",
      "---\ntools: [a, b]\n---\n",
      "---\n  indented: first\n---\n",
      "---\nlist:\n  - key: value\n---\n",
    ])
      expect(parseFrontmatter(text).ok, text).toBe(false);
  });
});
