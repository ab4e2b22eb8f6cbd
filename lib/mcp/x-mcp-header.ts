// SEP-2243 `x-mcp-header` rules (2026-07-28): a property may ask to be mirrored into an
// `Mcp-Param-*` request header only if it is reachable through `properties` alone, names a
// valid RFC 9110 token, is unique ignoring case, and has a primitive type. A tool that
// breaks them MUST be excluded; Toolscope says which and why.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(["string", "integer", "boolean"]);
const UNREACHABLE = [
  "items",
  "prefixItems",
  "additionalProperties",
  "patternProperties",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "$defs",
  "definitions",
  "contains",
];

type Node = Record<string, unknown>;

/** The first violation in a tool's input schema, or undefined when its declarations are valid. */
export function xMcpHeaderViolation(inputSchema: unknown): string | undefined {
  const seen = new Map<string, string>();
  const visit = (node: unknown, path: string[], reachable: boolean): string | undefined => {
    if (node === null || typeof node !== "object") return undefined;
    const schema = node as Node;
    const where = path.length ? path.join(".") : "(root)";
    if ("x-mcp-header" in schema) {
      const raw = schema["x-mcp-header"];
      if (!reachable || path.length === 0) return `${where}: x-mcp-header is only allowed on properties reached through 'properties' alone`;
      if (typeof raw !== "string" || raw === "") return `${where}: x-mcp-header must be a non-empty string`;
      if (!TOKEN.test(raw)) return `${where}: x-mcp-header '${raw}' is not a valid HTTP header token`;
      if (typeof schema.type !== "string" || !PRIMITIVE.has(schema.type))
        return `${where}: x-mcp-header is only allowed on string, integer or boolean properties`;
      const prior = seen.get(raw.toLowerCase());
      if (prior) return `x-mcp-header '${raw}' is declared twice (also as '${prior}'), ignoring case`;
      seen.set(raw.toLowerCase(), raw);
    }
    if (schema.properties && typeof schema.properties === "object") {
      for (const [key, child] of Object.entries(schema.properties as Node)) {
        const fault = visit(child, [...path, key], reachable);
        if (fault) return fault;
      }
    }
    for (const keyword of UNREACHABLE) {
      const sub = schema[keyword];
      if (sub === undefined) continue;
      const branches = Array.isArray(sub)
        ? sub
        : ["$defs", "definitions", "patternProperties"].includes(keyword) && sub && typeof sub === "object"
          ? Object.values(sub)
          : [sub];
      for (const branch of branches) {
        const fault = visit(branch, [...path, `<${keyword}>`], false);
        if (fault) return fault;
      }
    }
    return undefined;
  };
  return visit(inputSchema, [], true);
}

/**
 * Whether a tool's input schema declares x-mcp-header anywhere a valid declaration can stand
 * (properties reached through `properties` alone): a call to it must mirror those arguments
 * into headers. Tools that break the rules never reach the catalog, so no deeper look is needed.
 */
export function declaresXMcpHeader(inputSchema: unknown): boolean {
  const properties = (inputSchema as Node | null)?.properties;
  if (!properties || typeof properties !== "object") return false;
  return Object.values(properties as Node).some(
    (child) => child !== null && typeof child === "object" && ("x-mcp-header" in (child as Node) || declaresXMcpHeader(child)),
  );
}

export type XMcpHeaderDeclaration = { path: string[]; header: string; type: string };

/**
 * The arguments a valid tool schema mirrors into `Mcp-Param-*` headers, with where each sits
 * (reached through `properties` alone) and its type. Empty for a schema that breaks the rules:
 * such a tool is never called.
 */
export function xMcpHeaderDeclarations(inputSchema: unknown): XMcpHeaderDeclaration[] {
  if (!declaresXMcpHeader(inputSchema) || xMcpHeaderViolation(inputSchema)) return [];
  const found: XMcpHeaderDeclaration[] = [];
  const visit = (node: unknown, path: string[]): void => {
    const properties = (node as Node | null)?.properties;
    if (!properties || typeof properties !== "object") return;
    for (const [key, child] of Object.entries(properties as Node)) {
      if (child === null || typeof child !== "object") continue;
      const header = (child as Node)["x-mcp-header"];
      if (typeof header === "string") found.push({ path: [...path, key], header, type: String((child as Node).type) });
      visit(child, [...path, key]);
    }
  };
  visit(inputSchema, []);
  return found;
}
