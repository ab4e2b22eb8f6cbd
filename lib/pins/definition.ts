// What of a tool is pinned: everything that tells a model what the tool is and does (name,
// title, description, schemas, annotations, how it runs), as canonical JSON (keys sorted) and its
// SHA-256. Icons and _meta are left out: they change for display and bookkeeping without
// changing what a model is told, and a pin that moved with them would cry wolf.
import { createHash } from "node:crypto";
import { canonicalJson as canonicalJsonOf } from "../domain/canonical-json";
import type { Tool } from "../domain/mcp-types";

export const PINNED_FIELDS = ["name", "title", "description", "inputSchema", "outputSchema", "annotations", "execution"] as const;

export type PinnedDefinition = Partial<Record<(typeof PINNED_FIELDS)[number], unknown>>;

export function pinnedDefinition(tool: Tool): PinnedDefinition {
  const definition: PinnedDefinition = {};
  for (const field of PINNED_FIELDS) {
    const value = (tool as Record<string, unknown>)[field];
    if (value !== undefined) definition[field] = value;
  }
  return definition;
}

export function canonicalJson(definition: PinnedDefinition): string {
  return canonicalJsonOf(definition);
}

export function definitionHash(definition: PinnedDefinition): string {
  return createHash("sha256").update(canonicalJson(definition)).digest("hex");
}

const hashes = new WeakMap<Tool, string>();

/** A listed tool's hash, computed once per tool object: a catalog keeps its objects until the server lists again. */
export function toolDefinitionHash(tool: Tool): string {
  let hash = hashes.get(tool);
  if (hash === undefined) {
    hash = definitionHash(pinnedDefinition(tool));
    hashes.set(tool, hash);
  }
  return hash;
}
