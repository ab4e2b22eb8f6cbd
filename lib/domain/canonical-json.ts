// JSON with every object's keys sorted, so that one value has one spelling whatever order its
// keys came in: what definition pins (lib/pins/definition.ts) and the model judge's cache
// (lib/report/judge-verdict.ts) hash. Pure and client-safe.

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  return value;
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sorted(value));
}
