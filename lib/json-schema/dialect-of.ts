// Which JSON Schema dialect a schema declares: 2020-12 unless `$schema` names another.
export type Dialect = "2020-12" | "2019-09" | "draft-07";

export function dialectOf(schema: unknown): Dialect {
  const declared = typeof schema === "object" && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  if (typeof declared !== "string") return "2020-12";
  if (/draft-0[4-7]\/schema/.test(declared)) return "draft-07";
  if (declared.includes("2019-09")) return "2019-09";
  return "2020-12";
}
