import "server-only";
// A server's resources, resource templates and prompts, listed page by page, and the one place
// a resources/read or a prompts/get is sent. Only what the server declared is asked for: a
// server without the `resources` capability gets no resources/list. The call pipeline
// (lib/calls/run-feature.ts) audits the reads and gets; listing is not audited, as tools/list is not.
import type { Client } from "@modelcontextprotocol/client";
import { ListPromptsResultSchema, ListResourcesResultSchema, ListResourceTemplatesResultSchema } from "@modelcontextprotocol/core";
import type {
  CompleteResult,
  CompletionParams,
  PromptCatalog,
  ResourceCatalog,
  GetPromptResult,
  ReadResourceResult,
} from "../domain/server-features";
import type { ServerConnection } from "./connection";
import { MAX_LIST_PAGES } from "./list-tools";

/** As many items as a catalog holds tools; past it, the rest are left out and the listing says so. */
export const MAX_FEATURE_ITEMS = 20_000;
const METHOD_NOT_FOUND = -32601;

/**
 * Every page of a list, capped at MAX_LIST_PAGES pages and MAX_FEATURE_ITEMS items. Pages are asked
 * one by one (the SDK's list helpers walk every page themselves and throw past their own cap).
 */
async function allPages<T>(
  list: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | undefined }>,
): Promise<{ items: T[]; truncated: boolean }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
    const page = await list(cursor);
    items.push(...page.items);
    if (items.length >= MAX_FEATURE_ITEMS) return { items: items.slice(0, MAX_FEATURE_ITEMS), truncated: true };
    cursor = page.nextCursor;
    if (!cursor) return { items, truncated: false };
  }
  return { items, truncated: true };
}

function options(connection: ServerConnection): { timeout: number } {
  return { timeout: connection.callTimeoutMs };
}

const NONE = { items: [], truncated: false };

/** `only`: one of the two lists (an agent's resources/list asks for no templates); the other is left empty, unasked. */
export async function listResourceCatalog(connection: ServerConnection, only?: "resources" | "templates"): Promise<ResourceCatalog> {
  const client = await connection.ready();
  if (!client.getServerCapabilities()?.resources) return { supported: false, resources: [], templates: [], truncated: false };
  const [resources, templates] = await Promise.all([
    only === "templates"
      ? NONE
      : allPages(async (cursor) => {
          const page = await client.request(
            { method: "resources/list", params: cursor ? { cursor } : {} },
            ListResourcesResultSchema,
            options(connection),
          );
          return { items: page.resources, nextCursor: page.nextCursor };
        }),
    // Many servers with resources have no templates and answer "method not found".
    only === "resources"
      ? NONE
      : allPages(async (cursor) => {
          const page = await client.request(
            { method: "resources/templates/list", params: cursor ? { cursor } : {} },
            ListResourceTemplatesResultSchema,
            options(connection),
          );
          return { items: page.resourceTemplates, nextCursor: page.nextCursor };
        }).catch((error: unknown) => {
          if ((error as { code?: unknown }).code === METHOD_NOT_FOUND) return { items: [], truncated: false };
          throw error;
        }),
  ]);
  return { supported: true, resources: resources.items, templates: templates.items, truncated: resources.truncated || templates.truncated };
}

export async function listPromptCatalog(connection: ServerConnection): Promise<PromptCatalog> {
  const client = await connection.ready();
  if (!client.getServerCapabilities()?.prompts) return { supported: false, prompts: [], truncated: false };
  const prompts = await allPages(async (cursor) => {
    const page = await client.request(
      { method: "prompts/list", params: cursor ? { cursor } : {} },
      ListPromptsResultSchema,
      options(connection),
    );
    return { items: page.prompts, nextCursor: page.nextCursor };
  });
  return { supported: true, prompts: prompts.items, truncated: prompts.truncated };
}

/** Never from the SDK's cache: a read the log records as sent must have reached the server. */
function sendOptions(connection: ServerConnection, signal: AbortSignal): { timeout: number; signal: AbortSignal; cacheMode: "bypass" } {
  return { timeout: connection.callTimeoutMs, signal, cacheMode: "bypass" };
}

export async function sendResourceRead(
  client: Client,
  connection: ServerConnection,
  uri: string,
  signal: AbortSignal,
): Promise<ReadResourceResult> {
  return client.readResource({ uri }, sendOptions(connection, signal));
}

export async function sendPromptGet(
  client: Client,
  connection: ServerConnection,
  name: string,
  args: Record<string, string>,
  signal: AbortSignal,
): Promise<GetPromptResult> {
  return client.getPrompt({ name, arguments: args }, sendOptions(connection, signal));
}

export async function sendCompletion(
  client: Client,
  connection: ServerConnection,
  params: CompletionParams,
  signal: AbortSignal,
): Promise<CompleteResult> {
  return client.complete(params, sendOptions(connection, signal));
}
