// What a saved call may be and who sees it: the words the pages show need none of the schemas
// in shapes.ts, and a page that imports this loads no zod.
export const VISIBILITIES = ["private", "shared"] as const;
export type Visibility = (typeof VISIBILITIES)[number];
/** What a saved call sends: a tool call, a resource read (`toolName` is the URI) or a prompt get. */
export const SAVED_KINDS = ["call", "resource_read", "prompt_get"] as const;
export type SavedKind = (typeof SAVED_KINDS)[number];
/** How each kind is named where a list shows it. */
export const SAVED_KIND_LABELS: Record<SavedKind, string> = { call: "Tool call", resource_read: "Resource read", prompt_get: "Prompt get" };
