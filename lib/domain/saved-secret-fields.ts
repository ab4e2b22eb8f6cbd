// A saved call never stores a secret (issue 17): the values the audit log would redact
// (writeOnly or password fields, secret-looking keys, a connection string's password) are
// left out, each leaving "[redacted]" where it was and its JSON pointer in a list, and are
// asked for when the call runs. Pure.
import { REDACTED, containsRedacted, redactArguments } from "@/lib/domain/redact";

function escape(step: string | number): string {
  return String(step).replace(/~/g, "~0").replace(/\//g, "~1");
}

function unescape(step: string): string {
  return step.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The arguments to store, and the pointers of the secret fields left out of them. */
export function leaveOutSecrets(
  args: Record<string, unknown>,
  inputSchema: unknown,
  extraKeys?: RegExp,
): { arguments: Record<string, unknown>; secretFields: string[] } {
  const secretFields: string[] = [];
  const walk = (value: unknown, pointer: string): unknown => {
    // A string with a redacted part (a connection string's password) is asked for whole.
    if (typeof value === "string") {
      if (!value.includes(REDACTED)) return value;
      secretFields.push(pointer);
      return REDACTED;
    }
    if (Array.isArray(value)) return value.map((item, i) => walk(item, `${pointer}/${i}`));
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, `${pointer}/${escape(k)}`)]));
    return value;
  };
  const stored = walk(redactArguments(args, inputSchema, extraKeys), "") as Record<string, unknown>;
  return { arguments: stored, secretFields };
}

/** Puts a value at a pointer that exists in `target` (the stored arguments' shape). */
function place(target: unknown, pointer: string, value: unknown): boolean {
  const steps = pointer.split("/").slice(1).map(unescape);
  let current = target;
  for (const [i, step] of steps.entries()) {
    if (typeof current !== "object" || current === null) return false;
    const container = current as Record<string, unknown>;
    if (!Object.hasOwn(container, step)) return false;
    if (i === steps.length - 1) container[step] = value;
    else current = container[step];
  }
  return steps.length > 0;
}

/** The arguments with the fields at these pointers (where they exist) replaced by the placeholder. */
export function markSecret(args: Record<string, unknown>, pointers: readonly string[]): Record<string, unknown> {
  const marked = structuredClone(args);
  for (const pointer of pointers) place(marked, pointer, REDACTED);
  return marked;
}

/**
 * The arguments without their secret fields, for a form that asks for them again: a property is
 * removed, an array element emptied (its neighbours keep their places). Own properties only.
 */
export function withoutSecrets(args: Record<string, unknown>, pointers: readonly string[]): Record<string, unknown> {
  const copy = structuredClone(args);
  for (const pointer of pointers) {
    const steps = pointer.split("/").slice(1).map(unescape);
    const last = steps.pop();
    let parent: unknown = copy;
    for (const step of steps)
      parent =
        typeof parent === "object" && parent !== null && Object.hasOwn(parent, step)
          ? (parent as Record<string, unknown>)[step]
          : undefined;
    if (last === undefined || typeof parent !== "object" || parent === null || !Object.hasOwn(parent, last)) continue;
    if (Array.isArray(parent)) parent[Number(last)] = undefined;
    else delete (parent as Record<string, unknown>)[last];
  }
  return copy;
}

/** The arguments to send: the stored ones with each secret field's value given for this run. */
export function fillSecrets(
  stored: Record<string, unknown>,
  secretFields: readonly string[],
  values: Record<string, unknown>,
): { ok: true; arguments: Record<string, unknown> } | { ok: false; missing: string[] } {
  const args = structuredClone(stored);
  const missing = secretFields.filter((pointer) => values[pointer] === undefined || !place(args, pointer, values[pointer]));
  if (missing.length) return { ok: false, missing };
  // Never send the placeholder itself, wherever it came from (arguments edited by hand).
  if (containsRedacted(args)) return { ok: false, missing: ["(a field still holding “[redacted]”)"] };
  return { ok: true, arguments: args };
}
