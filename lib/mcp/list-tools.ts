import "server-only";
// Every page of tools/list, surviving servers that send a malformed tool. The SDK parses
// strictly: one bad tool makes the whole list throw. Then Toolscope pages through the raw
// results itself and checks each tool on its own, so a bad tool shows up as invalid with
// the reason and the rest of the catalog survives.
import { SdkError, SdkErrorCode, specTypeSchemas, type Client, type Tool } from "@modelcontextprotocol/client";
import { z } from "zod";
import { ToolscopeClient } from "./toolscope-client";
import { xMcpHeaderViolation } from "./x-mcp-header";

export type InvalidTool = { index: number; name: string | null; problems: string[]; raw: unknown };
export type ToolList = { tools: Tool[]; invalid: InvalidTool[]; warning: string | null };

/** Enough pages for 20,000 tools at 100 a page. */
export const MAX_LIST_PAGES = 200;

const LoosePage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

function isStrictParseFailure(error: unknown): boolean {
  return SdkError.isInstance(error) && (error.code === SdkErrorCode.InvalidResult || /^Invalid result for tools\/list/.test(error.message));
}

function checkTool(raw: unknown, index: number): { ok: true; tool: Tool } | { ok: false; invalid: InvalidTool } {
  const result = specTypeSchemas.Tool["~standard"].validate(raw);
  if (!result.issues) return { ok: true, tool: result.value as Tool };
  const name = typeof (raw as { name?: unknown } | null)?.name === "string" ? (raw as { name: string }).name : null;
  const problems = result.issues.map((issue) => {
    const path = (issue.path ?? []).map((p) => (typeof p === "object" && p !== null && "key" in p ? String(p.key) : String(p))).join(".");
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return { ok: false, invalid: { index, name, problems, raw } };
}

async function listRaw(client: Client, timeout: number): Promise<ToolList> {
  const tools: Tool[] = [];
  const invalid: InvalidTool[] = [];
  let cursor: string | undefined;
  let pages = 0;
  let index = 0;
  do {
    const page = await client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } }, LoosePage, { timeout });
    for (const raw of page.tools) {
      const checked = checkTool(raw, index++);
      if (checked.ok) tools.push(checked.tool);
      else invalid.push(checked.invalid);
    }
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== undefined && pages < MAX_LIST_PAGES);
  const warning =
    cursor !== undefined
      ? `The server has more than ${MAX_LIST_PAGES} pages of tools; Toolscope shows the first ${tools.length + invalid.length}.`
      : null;
  return { tools, invalid, warning };
}

/** The tools the SDK left out for breaking the x-mcp-header rules, as invalid tools with the reason. */
function excludedByHeaderRules(client: Client): InvalidTool[] {
  if (!(client instanceof ToolscopeClient)) return [];
  return client.excludedTools.map((tool) => ({
    index: -1,
    name: tool.name,
    problems: [`Excluded (SEP-2243): ${xMcpHeaderViolation(tool.inputSchema) ?? "invalid x-mcp-header declaration"}`],
    raw: tool,
  }));
}

export async function listAllTools(client: Client, timeout: number): Promise<ToolList> {
  if (client instanceof ToolscopeClient) client.excludedTools = [];
  try {
    const { tools } = await client.listTools(undefined, { timeout });
    return { tools, invalid: excludedByHeaderRules(client), warning: null };
  } catch (error) {
    if (SdkError.isInstance(error) && error.code === SdkErrorCode.ListPaginationExceeded) return listRaw(client, timeout);
    if (!isStrictParseFailure(error)) throw error;
    return listRaw(client, timeout);
  }
}
