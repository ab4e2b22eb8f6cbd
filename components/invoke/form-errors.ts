// The form's validation errors in plain words (lib/domain/schema-error-words.ts), as RJSF's
// `transformErrors`. `message` sits under the field, whose label is beside it; `stack`, in the
// list above the form, names the field by its path. A keyword without a phrasing keeps Ajv's
// words.
import type { RJSFValidationError } from "@rjsf/utils";
import { errorWords } from "@/lib/domain/schema-error-words";
import { REDACTED } from "@/lib/domain/redact";
import { dataAt, dataPath } from "./branch-errors";

/** ".tasks.0.name" → ["tasks #1", "name"]: how the form titles each step. */
function readablePath(property: string | undefined): string[] {
  const steps: string[] = [];
  for (const key of dataPath(property)) {
    if (/^\d+$/.test(key) && steps.length) steps[steps.length - 1] += ` #${Number(key) + 1}`;
    else steps.push(key);
  }
  return steps;
}

export function inPlainWords(errors: RJSFValidationError[]): RJSFValidationError[] {
  const seen = new Set<string>();
  const out: RJSFValidationError[] = [];
  for (const error of errors) {
    const words = errorWords(error.name, (error.params ?? {}) as Record<string, unknown>);
    const path = readablePath(error.property);
    // RJSF found the field's title (its uiSchema or schema); otherwise the field's key names it.
    if (error.title) path.splice(-1, 1, error.title);
    const field = path.at(-1) ?? "The arguments";
    const plain = words ? { ...error, message: `${field} ${words}`, stack: `${path.length ? path.join(" › ") : field} ${words}` } : error;
    // Variants of one field can fail in the same words; say it once.
    const key = `${plain.property ?? ""}\n${plain.message ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(plain);
  }
  return out;
}

/**
 * Errors less those of values still "[redacted]": arguments shown as the audit log keeps them (an
 * agent's waiting call) put the secret back for a value left so, so the placeholder's own shape
 * (a pattern, a length) is not what is judged.
 */
export function exceptRedacted(errors: RJSFValidationError[], formData: unknown): RJSFValidationError[] {
  return errors.filter((error) => dataAt(formData, dataPath(error.property)) !== REDACTED);
}
