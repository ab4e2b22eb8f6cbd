// Checks each tool against the rules of the tools spec that the SDK does not enforce:
// name length and characters, unique names, an object input schema, and schemas that
// compile in their declared dialect. Findings are warnings: the tool stays usable.
import { compileSchema } from "@/lib/json-schema/dialect";
import type { Tool } from "../domain/mcp-types";
import { xMcpHeaderViolation } from "./x-mcp-header";

const NAME_CHARS = /^[A-Za-z0-9_.-]+$/;

export type ToolLint = Record<string, string[]>;

/**
 * `compile: false` leaves out compiling each schema (Ajv), by far the costliest check: a list is
 * shown without it first, and compileWarnings adds it after (listed-tools.ts).
 */
export function lintTools(tools: readonly Tool[], { compile = true }: { compile?: boolean } = {}): ToolLint {
  const lint: ToolLint = {};
  const seen = new Map<string, number>();
  for (const tool of tools) seen.set(tool.name, (seen.get(tool.name) ?? 0) + 1);
  for (const tool of tools) {
    const warnings: string[] = [];
    if (tool.name.length < 1 || tool.name.length > 128)
      warnings.push(`The name is ${tool.name.length} characters long; names should be 1–128.`);
    if (!NAME_CHARS.test(tool.name)) warnings.push("The name should use only letters, digits, '_', '-' and '.'.");
    if ((seen.get(tool.name) ?? 0) > 1)
      warnings.push(`${seen.get(tool.name)} tools share this name; names should be unique within a server.`);
    if (tool.inputSchema.type !== "object") warnings.push('The input schema should be an object schema (type: "object").');
    const header = xMcpHeaderViolation(tool.inputSchema);
    if (header) warnings.push(`Invalid x-mcp-header declaration (2026-07-28 Streamable HTTP clients must exclude this tool): ${header}`);
    if (compile) warnings.push(...compileWarnings(tool));
    if (warnings.length) lint[tool.name] = warnings;
  }
  return lint;
}

/** Whether the tool's schemas compile in their declared dialect. */
export function compileWarnings(tool: Tool): string[] {
  const warnings: string[] = [];
  const input = compileSchema(tool.inputSchema);
  if (!input.ok) warnings.push(`The input schema does not compile: ${input.error}`);
  if (tool.outputSchema) {
    const output = compileSchema(tool.outputSchema);
    if (!output.ok) warnings.push(`The output schema does not compile: ${output.error}`);
  }
  return warnings;
}
