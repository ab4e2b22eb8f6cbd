// The raw JSON editor's text and the arguments object it stands for, both ways. Kept pure so
// the round trip (form value → text → value, nothing lost) is tested without a browser.
export type ParsedArguments = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

export function formatArguments(value: Record<string, unknown>): string {
  return JSON.stringify(value, null, 2);
}

/** Parses the editor's text; tool arguments must be a JSON object, not any JSON value. */
export function parseArguments(text: string): ParsedArguments {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { ok: false, error: "The arguments must be a JSON object." };
  }
  return { ok: true, value: parsed as Record<string, unknown> };
}

/** Whether the text already stands for this value, so the editor need not be rewritten (and the user's layout is kept). */
export function textShowsValue(text: string, value: Record<string, unknown>): boolean {
  const parsed = parseArguments(text);
  return parsed.ok && formatArguments(parsed.value) === formatArguments(value);
}
