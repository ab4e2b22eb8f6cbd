// A server's skills (SEP-2640) as the API shows them: listed from skills/list, no file read.
// Client-safe: the server's Skills page renders these.

export type SkillFileView = {
  uri: string;
  /** The path under the skill's folder (`references/GUIDE.md`). */
  path: string;
  size: number | null;
  digest: string | null;
};

export type SkillView = {
  /** Its SKILL.md's URI: what the API's read and download name it by. */
  uri: string;
  name: string;
  description: string;
  /** Every file the entry lists, SKILL.md first; "dynamic": the server lists none ahead, so none can be verified. */
  files: SkillFileView[] | "dynamic";
  /** All files together, when every size is known. */
  size: number | null;
  /** SKILL.md's digest, as the entry gives it. */
  digest: string | null;
  /** What is wrong with the entry (the report card's rule): such a skill is shown but not offered to read. */
  problems: string[];
};

/** GET /api/servers/{id}/skills. `supported`: whether the server declares the skills extension; `truncated`: it listed more pages than Toolscope reads. */
export type SkillsView = { supported: boolean; truncated: boolean; skills: SkillView[] };

/** POST /api/servers/{id}/skills/read: a verified file. `text` when it is UTF-8 text, else null (download it). */
export type SkillFileRead = { uri: string; path: string; size: number; mimeType: string | null; text: string | null; auditId: string };
