import "server-only";
// Every page of tools/list, surviving servers that send a malformed tool. The SDK parses
// strictly: one bad tool makes the whole list throw. Toolscope's ToolListFilter sets bad
// tools aside on their way in (the only way on 2026-07-28 connections); should the SDK still
// refuse a page, Toolscope pages through the raw results itself and checks each tool on its
// own. Either way a bad tool shows up as invalid with the reason and the rest survives.
import { SdkError, SdkErrorCode, type Client, type Tool } from "@modelcontextprotocol/client";
import { z } from "zod";
import { checkTool, type InvalidTool, type ToolListFilter } from "./tool-list-filter";
import { ToolscopeClient } from "./toolscope-client";
import { xMcpHeaderViolation } from "./x-mcp-header";

export type { InvalidTool };
export type ToolList = { tools: Tool[]; invalid: InvalidTool[]; warning: string | null };

/** Enough pages for 20,000 tools at 100 a page. */
export const MAX_LIST_PAGES = 200;
/** More tools than anyone browses; past it, a server is more likely broken than big. */
export const MAX_LIST_TOOLS = 20_000;

const LoosePage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

function isStrictParseFailure(error: unknown): boolean {
  return SdkError.isInstance(error) && (error.code === SdkErrorCode.InvalidResult || /^Invalid result for tools\/list/.test(error.message));
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

export async function listAllTools(client: Client, timeout: number, filter?: ToolListFilter): Promise<ToolList> {
  if (client instanceof ToolscopeClient) client.excludedTools = [];
  filter?.begin();
  let list: ToolList;
  let setAside: InvalidTool[] = [];
  try {
    list = await listStrictOrRaw(client, timeout, filter);
  } finally {
    // The walk ends however it went: the filter reads no tools/list after it (the RPC console's).
    setAside = filter?.setAside() ?? [];
  }
  if (setAside.length) list = { ...list, invalid: [...setAside, ...list.invalid] };
  return capped(list);
}

/** The SDK's own listing; should it refuse a page, the raw pages, each tool checked on its own. */
async function listStrictOrRaw(client: Client, timeout: number, filter: ToolListFilter | undefined): Promise<ToolList> {
  try {
    const { tools } = await client.listTools(undefined, { timeout });
    return { tools, invalid: excludedByHeaderRules(client), warning: null };
  } catch (error) {
    const tooManyPages = SdkError.isInstance(error) && error.code === SdkErrorCode.ListPaginationExceeded;
    if (!tooManyPages && !isStrictParseFailure(error)) throw error;
    filter?.begin();
    return listRaw(client, timeout);
  }
}

function capped(list: ToolList): ToolList {
  if (list.tools.length <= MAX_LIST_TOOLS) return list;
  return {
    ...list,
    tools: list.tools.slice(0, MAX_LIST_TOOLS),
    warning: `The server lists ${list.tools.length.toLocaleString("en")} tools; Toolscope shows the first ${MAX_LIST_TOOLS.toLocaleString("en")}.`,
  };
}
