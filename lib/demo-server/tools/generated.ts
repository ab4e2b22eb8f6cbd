// N generated tools (TOOLSCOPE_DEMO_TOOLS), so the catalog paginates and can be measured
// at scale. Definitions are made on demand from the index, never held all at once.
import type { Tool } from "@modelcontextprotocol/server";
import type { DemoTool } from "../types";

const VERBS = ["fetch", "sync", "index", "archive", "resize", "translate", "summarize", "validate", "export", "import"];
const NOUNS = ["invoice", "customer", "order", "ticket", "report", "image", "document", "metric", "user", "event"];

export function generatedToolName(index: number): string {
  return `gen_${VERBS[index % VERBS.length]}_${NOUNS[Math.floor(index / VERBS.length) % NOUNS.length]}_${String(index).padStart(5, "0")}`;
}

export function generatedTool(index: number): DemoTool {
  const name = generatedToolName(index);
  const readOnly = index % 3 === 0;
  const definition: Tool = {
    name,
    title: name.replace(/^gen_/, "").replace(/_\d+$/, "").replace(/_/g, " ") + ` #${index}`,
    description: `Generated tool number ${index}, for scale tests. Echoes its input.`,
    inputSchema: {
      type: "object",
      properties: { id: { type: "string", description: "Any identifier" }, limit: { type: "integer", minimum: 1, default: 10 } },
    },
    annotations: readOnly ? { readOnlyHint: true } : { destructiveHint: index % 2 === 0, openWorldHint: false },
  };
  return { definition, run: (args) => ({ content: [{ type: "text", text: `${name}: ${JSON.stringify(args)}` }] }) };
}

/** The index encoded in a generated tool's name, or undefined when it is not one of ours. */
export function generatedToolIndex(name: string, count: number): number | undefined {
  const match = /^gen_[a-z]+_[a-z]+_(\d{5,})$/.exec(name);
  if (!match) return undefined;
  const index = Number(match[1]);
  return index < count && generatedToolName(index) === name ? index : undefined;
}
