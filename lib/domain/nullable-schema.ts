// "S or null" schemas: anyOf/oneOf of S and {type: "null"}, or a type list of one type and
// "null". The form shows them as S with a "null" checkbox (components/invoke/nullable-field).
type Schema = Record<string, unknown>;

const isNullSchema = (v: unknown): boolean => typeof v === "object" && v !== null && (v as Schema).type === "null";

/** S when `schema` is exactly "S or null", else null. */
export function nonNullVariant(schema: unknown): Schema | null {
  if (typeof schema !== "object" || schema === null) return null;
  const s = schema as Schema;
  if (Array.isArray(s.type) && s.type.length === 2 && s.type.includes("null")) {
    return { ...s, type: s.type.find((t) => t !== "null") };
  }
  const variants = s.anyOf ?? s.oneOf;
  if (!Array.isArray(variants) || variants.length !== 2) return null;
  const others = variants.filter((v) => !isNullSchema(v));
  return others.length === 1 && typeof others[0] === "object" && others[0] !== null ? (others[0] as Schema) : null;
}
