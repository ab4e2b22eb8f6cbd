// A call's result is made into JSON twice on its way: for the audit log (its size, its hash, the
// text kept) and for the caller's answer. At 1 MiB each JSON.stringify costs milliseconds, so the
// text is made once, kept beside the result object (which nobody changes once answered), and the
// answer splices it in. Process-wide: the audit log and the answer may be different copies of lib/.
import { processWide } from "@/lib/process-wide";

const texts = processWide("json-texts", () => new WeakMap<object, string>());

/** JSON.stringify(value), made once per object. */
export function jsonText(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  const known = texts.get(value);
  if (known !== undefined) return known;
  const text = JSON.stringify(value);
  texts.set(value, text);
  return text;
}

/**
 * JSON.stringify(body), with `body.result` as jsonText made it, when it did: the same text,
 * not made again. The key order differs (`result` comes last), which JSON readers ignore.
 */
export function stringifyAnswer(body: unknown): string {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return JSON.stringify(body);
  const { result, ...rest } = body as { result?: unknown };
  const known = result !== null && typeof result === "object" ? texts.get(result) : undefined;
  if (known === undefined) return JSON.stringify(body);
  const others = JSON.stringify(rest);
  return others === "{}" ? `{"result":${known}}` : `${others.slice(0, -1)},"result":${known}}`;
}
