// A SKILL.md's YAML frontmatter, read only as far as it can be compared with confidence against
// the entry skills/list gave (SEP-2640): top-level scalars, and one level of map or list of
// scalars (`metadata:`, `allowed-tools:`). Anything else (block scalars, flow collections,
// anchors, deeper nesting) is reported as unreadable: a host that cannot compare a field must
// not load the skill, so there is no guessing here. No YAML library: this is all it needs.

export type Frontmatter = Record<string, unknown>;

const KEY = /^([A-Za-z0-9_.\/-]+):(?:\s+(.*))?$/;

/** The scalar as text: quotes taken off, a trailing comment dropped. Undefined for what is not a plain scalar. */
function scalar(raw: string): string | undefined {
  const text = raw.trim();
  if (/^"(?:[^"\\]|\\.)*"$/.test(text)) {
    try {
      return JSON.parse(text) as string;
    } catch {
      return undefined;
    }
  }
  if (/^'(?:[^']|'')*'$/.test(text)) return text.slice(1, -1).replace(/''/g, "'");
  const plain = text.replace(/\s+#.*$/, "");
  // A block scalar, an anchor, alias, tag or flow collection, or a nested `key: value`: not plain.
  if (plain === "" || /^[|>&*!{[]/.test(plain) || /:(\s|$)/.test(plain)) return undefined;
  return plain;
}

/** The frontmatter between the leading `---` lines, or an error saying what could not be read. */
export function parseFrontmatter(markdown: string): { ok: true; frontmatter: Frontmatter } | { ok: false; error: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(markdown);
  if (!match) return { ok: false, error: "SKILL.md has no frontmatter" };
  const frontmatter: Frontmatter = {};
  let open: { key: string; value: Record<string, string> | string[] | undefined } | undefined;
  for (const [index, line] of match[1]!.split(/\r?\n/).entries()) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const where = `frontmatter line ${index + 1}`;
    if (/^\s/.test(line)) {
      if (!open) return { ok: false, error: `${where} is indented with nothing to belong to` };
      const item = /^\s+-\s+(.*)$/.exec(line);
      const entry = KEY.exec(line.trim());
      if (item && !(open.value && !Array.isArray(open.value))) {
        const value = scalar(item[1]!);
        if (value === undefined) return { ok: false, error: `${where} is not a plain list item` };
        open.value = [...((open.value as string[] | undefined) ?? []), value];
      } else if (entry && !Array.isArray(open.value) && entry[2] !== undefined) {
        const value = scalar(entry[2]);
        if (value === undefined) return { ok: false, error: `${where} nests deeper than Toolscope compares` };
        open.value = { ...(open.value ?? {}), [entry[1]!]: value };
      } else {
        return { ok: false, error: `${where} is not a plain map entry or list item` };
      }
      frontmatter[open.key] = open.value;
      continue;
    }
    const entry = KEY.exec(line);
    if (!entry) return { ok: false, error: `${where} is not a key: value line` };
    const key = entry[1]!;
    if (key in frontmatter) return { ok: false, error: `${where} repeats ${key}` };
    if (entry[2] === undefined || entry[2].trim() === "") {
      open = { key, value: undefined };
      frontmatter[key] = null;
      continue;
    }
    const value = scalar(entry[2]);
    if (value === undefined) return { ok: false, error: `${where}: the value of ${key} is not a plain scalar` };
    open = undefined;
    frontmatter[key] = value;
  }
  return { ok: true, frontmatter };
}

/** A value as text for comparison: YAML's `1.0` and JSON's 1.0, `true` and true, are the same field. */
function normalized(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(normalized);
  if (typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalized(v)]));
  const text = String(value);
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? String(Number(text)) : text;
}

/** The fields where the file and the entry disagree (a field either has that the other lacks counts too). */
export function frontmatterDiscrepancies(file: Frontmatter, entry: Frontmatter): string[] {
  const keys = new Set([...Object.keys(file), ...Object.keys(entry)]);
  return [...keys].filter((key) => JSON.stringify(normalized(file[key])) !== JSON.stringify(normalized(entry[key])));
}
