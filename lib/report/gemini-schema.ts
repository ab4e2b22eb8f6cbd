import "server-only";
// What Gemini makes of a tool's input schema, found by running the AI SDK's own Google adapter on
// it rather than by restating its rules: @ai-sdk/google converts JSON Schema to Gemini's OpenAPI
// subset inside the request builder (its converter is not exported), so Toolscope builds a real
// request through the provider's documented `fetch` option and keeps the body instead of sending
// it. A schema the adapter cannot convert throws before any request (clients/gemini-schema-refused);
// what the conversion leaves out is compared keyword by keyword (clients/gemini-schema-dropped).
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import type { Tool } from "../domain/mcp-types";
import type { Finding } from "../domain/report-card";
import { found } from "./rules";
import { schemaNodes } from "./schema-walk";

/** The body the adapter would have sent, thrown back from its fetch so that nothing leaves the process. */
class BuiltRequest extends Error {
  constructor(readonly body: unknown) {
    super("request built, not sent");
  }
}

// Function declarations are converted the same way for every Gemini model; the key is never sent.
const model = createGoogleGenerativeAI({
  apiKey: "not-sent",
  fetch: async (_url, init) => {
    throw new BuiltRequest(JSON.parse(String(init?.body)));
  },
})("gemini-2.5-flash");

type CallOptions = Parameters<typeof model.doGenerate>[0];
type FunctionTool = Extract<NonNullable<CallOptions["tools"]>[number], { type: "function" }>;
type Declaration = { name: string; parameters?: unknown; parametersJsonSchema?: unknown };

/**
 * Keywords that limit which values are valid. Left out, the model is not told the limit and may send
 * what the server refuses. additionalProperties and unevaluatedProperties are dropped too, but not
 * reported: zod and pydantic put them on every object, and models seldom invent properties.
 */
const CONSTRAINTS = new Set([
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  "prefixItems",
  "minProperties",
  "maxProperties",
  "patternProperties",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
  "not",
  "if",
  "then",
  "else",
]);

/** Tools converted per request: one request for a whole list is fast, and a refused schema is looked for tool by tool. */
const BATCH = 250;
const SHOWN_PATHS = 3;

function asFunctionTool(tool: Tool): FunctionTool {
  return { type: "function", name: tool.name, description: tool.description, inputSchema: tool.inputSchema as FunctionTool["inputSchema"] };
}

/** The function declarations the adapter builds for these tools, in their order. */
async function declarationsOf(tools: readonly Tool[]): Promise<Declaration[]> {
  try {
    await model.doGenerate({ prompt: [{ role: "user", content: [{ type: "text", text: "." }] }], tools: tools.map(asFunctionTool) });
  } catch (error) {
    if (error instanceof BuiltRequest) {
      const body = error.body as { tools?: { functionDeclarations?: Declaration[] }[] };
      return body.tools?.[0]?.functionDeclarations ?? [];
    }
    throw error;
  }
  throw new Error("The Google adapter answered without making a request.");
}

/** Each constraint keyword of a schema, with the paths of the sub-schemas that use it. */
function constraintsIn(schema: unknown, root: string): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  for (const node of schemaNodes(schema, root))
    for (const key of Object.keys(node.schema)) if (CONSTRAINTS.has(key)) uses.set(key, [...(uses.get(key) ?? []), node.path]);
  return uses;
}

function droppedFinding(tool: Tool, declaration: Declaration): Finding[] {
  // A recursive schema is sent whole, as parametersJsonSchema: nothing is left out.
  if (declaration.parametersJsonSchema !== undefined) return [];
  const kept = constraintsIn(declaration.parameters, "parameters");
  const dropped = [...constraintsIn(tool.inputSchema, "inputSchema")].filter(([keyword]) => !kept.has(keyword));
  if (dropped.length === 0) return [];
  const list = dropped
    .map(([keyword, paths]) => `${keyword} (${paths.slice(0, SHOWN_PATHS).join(", ")}${paths.length > SHOWN_PATHS ? "…" : ""})`)
    .join("; ");
  return [found("clients/gemini-schema-dropped", { tool: tool.name, field: "inputSchema" }, `Google Gemini is not told: ${list}.`)];
}

function refusedFinding(tool: Tool, error: unknown): Finding {
  const why = error instanceof Error ? error.message : String(error);
  return found(
    "clients/gemini-schema-refused",
    { tool: tool.name, field: "inputSchema" },
    `Google Gemini cannot be sent this tool: the AI SDK's Google adapter fails with "${why}"`,
  );
}

async function batchFindings(tools: readonly Tool[]): Promise<Finding[]> {
  try {
    const declarations = await declarationsOf(tools);
    return tools.flatMap((tool, i) => {
      const declaration = declarations[i];
      return declaration ? droppedFinding(tool, declaration) : [];
    });
  } catch (error) {
    // Whatever the adapter throws (UnsupportedFunctionalityError for an enum it cannot express, or a
    // reference it cannot resolve) stops every request with this tool in it.
    if (tools.length === 1) return [refusedFinding(tools[0]!, error)];
    const findings: Finding[] = [];
    for (const tool of tools) findings.push(...(await batchFindings([tool])));
    return findings;
  }
}

/** What the Google adapter refuses or leaves out of each tool's input schema. */
export async function geminiSchemaFindings(tools: readonly Tool[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (let start = 0; start < tools.length; start += BATCH) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    findings.push(...(await batchFindings(tools.slice(start, start + BATCH))));
  }
  return findings;
}
