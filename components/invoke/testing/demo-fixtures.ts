// The demo server's definitions and answers, for component tests in the browser: fetched from the
// Node side, where the demo runs in memory (test/component-fixtures.ts, served by test/component-api.ts).
import type { CallToolResult, Tool } from "@/lib/domain/mcp-types";

const FIXTURES = "/__toolscope-fixtures/";

async function fixture<T>(path: string): Promise<T> {
  const response = await fetch(`${FIXTURES}${path}`);
  if (!response.ok) throw new Error(`Fixture ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let demoTools: Promise<Tool[]> | undefined;

/** One of the demo server's tools, as its tools/list answers it. */
export async function demoTool(name: string): Promise<Tool> {
  demoTools ??= fixture<Tool[]>("demo-tools");
  const tool = (await demoTools).find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`The demo server has no tool named ${name}`);
  return tool;
}

/** What the demo server's tools/call answers for `name` with `args`. */
export function demoCall(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return fixture<CallToolResult>(`demo-call/${encodeURIComponent(name)}?arguments=${encodeURIComponent(JSON.stringify(args))}`);
}
