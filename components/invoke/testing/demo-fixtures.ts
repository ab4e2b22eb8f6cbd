// Real servers' definitions and answers, for component tests in the browser: fetched from the
// Node side, where the demo server and test/edge-cases-server.ts run in memory
// (test/component-fixtures.ts, served by test/component-api.ts).
import type { CallToolResult, InvocationResponse, Tool } from "@/lib/domain/mcp-types";

const FIXTURES = "/__toolscope-fixtures/";

/** A server test/component-fixtures.ts runs. */
export type FixtureServer = "demo" | "edge-cases" | "icon-sizes";

/** `args`, if any, go as the request's body: a long argument does not fit in a URL. */
async function fixture<T>(path: string, args?: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${FIXTURES}${path}`, args ? { method: "POST", body: JSON.stringify(args) } : {});
  if (!response.ok) throw new Error(`Fixture ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const listed = new Map<FixtureServer, Promise<Tool[]>>();

/** One of a server's tools, as its tools/list answers it. */
export async function serverTool(server: FixtureServer, name: string): Promise<Tool> {
  let tools = listed.get(server);
  if (!tools) {
    tools = fixture<Tool[]>(`tools/${server}`);
    listed.set(server, tools);
  }
  const tool = (await tools).find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`The ${server} server has no tool named ${name}`);
  return tool;
}

/** One of the demo server's tools, as its tools/list answers it. */
export function demoTool(name: string): Promise<Tool> {
  return serverTool("demo", name);
}

/** What the demo server's tools/call answers for `name` with `args`. */
export function demoCall(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return fixture<CallToolResult>(`call/demo/${encodeURIComponent(name)}`, args);
}

/**
 * The response the tool panel gets for a call of `name` on `server` with `args`: the server's
 * real answer read by the call pipeline's code (status, problems, output validation), with the
 * duration and audit id a call through Toolscope would add.
 */
export async function answered(server: FixtureServer, name: string, args: Record<string, unknown> = {}): Promise<InvocationResponse> {
  const settlement = await fixture<Omit<InvocationResponse, "durationMs" | "auditId" | "protocolVersion">>(
    `answer/${server}/${encodeURIComponent(name)}`,
    args,
  );
  return { ...settlement, durationMs: 12, auditId: "a-1", protocolVersion: "2026-07-28" };
}
