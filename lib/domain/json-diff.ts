// The differences between two JSON values, as a list of paths: what was added, removed or
// changed. Used to compare two audit records' arguments and results. Arrays compare by index.
export type JsonChange =
  | { path: string; kind: "added"; after: unknown }
  | { path: string; kind: "removed"; before: unknown }
  | { path: string; kind: "changed"; before: unknown; after: unknown };

const MAX_CHANGES = 500;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function key(path: string, part: string | number): string {
  if (typeof part === "number") return `${path}[${part}]`;
  return /^[A-Za-z_$][\w$]*$/.test(part) ? `${path}.${part}` : `${path}[${JSON.stringify(part)}]`;
}

export function jsonDiff(before: unknown, after: unknown): JsonChange[] {
  const changes: JsonChange[] = [];
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (changes.length >= MAX_CHANGES) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        if (i >= a.length) changes.push({ path: key(path, i), kind: "added", after: b[i] });
        else if (i >= b.length) changes.push({ path: key(path, i), kind: "removed", before: a[i] });
        else walk(a[i], b[i], key(path, i));
      }
      return;
    }
    if (isObject(a) && isObject(b)) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (!(k in b)) changes.push({ path: key(path, k), kind: "removed", before: a[k] });
        else if (!(k in a)) changes.push({ path: key(path, k), kind: "added", after: b[k] });
        else walk(a[k], b[k], key(path, k));
      }
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) changes.push({ path: path || "(whole value)", kind: "changed", before: a, after: b });
  };
  walk(before, after, "");
  return changes;
}
