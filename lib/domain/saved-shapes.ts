// Saved calls, collections and their runs as the API speaks them (issue 17): one set of zod
// schemas that the route handlers parse and the pages' fetchers use. Client-safe, but a page that
// needs only the kinds' names imports kinds.ts and loads no zod.
import { z } from "zod";
import type { InvocationResponse } from "@/lib/domain/mcp-types";
import type { FeatureResponse } from "@/lib/domain/server-features";
import { SAVED_KINDS, VISIBILITIES, type SavedKind, type Visibility } from "@/lib/domain/saved-kinds";

export * from "@/lib/domain/saved-kinds";

// PostgreSQL's text refuses NUL, SQLite keeps it: refused here for both.
const NO_NUL = (text: string): boolean => !text.includes("\u0000");
const NAME = z.string().trim().min(1, "A name is needed").max(120).refine(NO_NUL, "A name cannot hold a NUL character");
const NOTE = z.string().max(2000).refine(NO_NUL, "A note cannot hold a NUL character");
/** A JSON path into a call's result: `$`, then `.name`, `["any key"]` or `[index]` steps. */
export const JSON_PATH = z
  .string()
  .trim()
  .max(1000)
  .regex(
    /^\$(?:\.[A-Za-z_$][\w$-]*|\[\d+\]|\["(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"\])*$/,
    'A JSON path like $.structuredContent.items[0].name or $["a key"]',
  );

/** What a run of a saved call is expected to show; all of a call's checks must hold for it to pass. */
export const CheckSchema = z.discriminatedUnion("kind", [
  /** The call succeeded: not a tool error, a protocol error or a call that never completed. */
  z.object({ kind: z.literal("no_error") }).strict(),
  /** structuredContent matches the tool's output schema. */
  z.object({ kind: z.literal("output_schema") }).strict(),
  z.object({ kind: z.literal("equals"), path: JSON_PATH, value: z.unknown() }).strict(),
  /** A string that contains the text, or an array with an element equal to the value. */
  z.object({ kind: z.literal("contains"), path: JSON_PATH, value: z.unknown() }).strict(),
  z.object({ kind: z.literal("duration_under"), ms: z.number().int().positive().max(86_400_000) }).strict(),
]);
export type Check = z.infer<typeof CheckSchema>;

export type CheckResult = { check: Check; passed: boolean; message: string };

export const SavedCallInputSchema = z
  .object({
    name: NAME,
    note: NOTE.default(""),
    serverId: z.string().min(1).max(200),
    kind: z.enum(SAVED_KINDS).default("call"),
    /** The tool's or the prompt's name; for a resource read, the URI. */
    toolName: z.string().min(1).max(8_192),
    arguments: z.record(z.string(), z.unknown()).default({}),
    checks: z.array(CheckSchema).max(50).default([]),
    visibility: z.enum(VISIBILITIES).default("private"),
    /** Collections to add the call to (at their end). */
    collectionIds: z
      .array(z.string().min(1))
      .max(50)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    /** A new collection to create with this call in it. */
    newCollection: NAME.optional(),
  })
  .strict();
export type SavedCallInput = z.input<typeof SavedCallInputSchema>;

export const SavedCallUpdateSchema = z
  .object({
    name: NAME.optional(),
    note: NOTE.optional(),
    arguments: z.record(z.string(), z.unknown()).optional(),
    checks: z.array(CheckSchema).max(50).optional(),
    visibility: z.enum(VISIBILITIES).optional(),
  })
  .strict();

export const CollectionInputSchema = z
  .object({
    name: NAME,
    description: NOTE.default(""),
    visibility: z.enum(VISIBILITIES).default("private"),
    savedCallIds: z.array(z.string().min(1)).max(500).default([]),
  })
  .strict();

export const CollectionUpdateSchema = z
  .object({
    name: NAME.optional(),
    description: NOTE.optional(),
    visibility: z.enum(VISIBILITIES).optional(),
    /** The calls in their new order; calls left out leave the collection (they stay saved). */
    savedCallIds: z.array(z.string().min(1)).max(500).optional(),
  })
  .strict();

/** Values for a saved call's secret fields, by JSON pointer ("/password"), given at run time only. */
const SECRETS = z.record(z.string(), z.unknown());

export const RunSavedCallSchema = z
  .object({
    secrets: SECRETS.default({}),
    reason: z.string().max(2000).optional(),
  })
  .strict();

export const RunCollectionSchema = z
  .object({
    /** Per saved call id: its secret fields' values, by JSON pointer. */
    secrets: z.record(z.string(), SECRETS).default({}),
    reason: z.string().max(2000).optional(),
    /** Run only these calls of the collection (in the collection's order). */
    only: z.array(z.string().min(1)).max(500).optional(),
  })
  .strict();

/** One run of a saved call, and what the viewer may see of its result. */
export type RunView = {
  id: string;
  savedCallId: string;
  collectionId: string | null;
  /** The audit record of the call; null when Toolscope did not send it (a missing secret, a refusal). */
  auditId: string | null;
  startedAt: string;
  actorName: string;
  /** The call's outcome, or "not_run" when it was not sent. */
  outcome: string;
  durationMs: number | null;
  /** Every check held (a call without checks passes when it succeeds). */
  passed: boolean;
  checks: CheckResult[];
  /** Why it was not sent, or how it failed. */
  error: string | null;
  /** A tool call's response as the audit log keeps it; null when the viewer may not read it or there is none. */
  response: InvocationResponse | null;
  /** A resource read's or a prompt get's answer as the audit log keeps it (its `result` a ReadResourceResult or GetPromptResult). */
  answer: FeatureResponse<unknown> | null;
  /** The response is someone else's, withheld from this viewer (as in the audit log). */
  responseHidden: boolean;
};

export type SavedCallView = {
  id: string;
  name: string;
  note: string;
  serverId: string;
  kind: SavedKind;
  toolName: string;
  /** The arguments as stored: a secret field holds "[redacted]" and is asked for at run time. */
  arguments: Record<string, unknown>;
  /** JSON pointers of the secret fields left out. */
  secretFields: string[];
  checks: Check[];
  visibility: Visibility;
  ownerName: string;
  /** The viewer may change or delete it. */
  mine: boolean;
  createdAt: string;
  updatedAt: string;
  /** The latest runs the viewer may see, newest first (at most two: this run and the one before). */
  runs: RunView[];
};

export type CollectionSummary = {
  id: string;
  name: string;
  description: string;
  visibility: Visibility;
  ownerName: string;
  mine: boolean;
  callCount: number;
  updatedAt: string;
};

export type CollectionView = CollectionSummary & {
  calls: SavedCallView[];
  /** Calls in the collection the viewer may not see (someone's private call, a server hidden from them). */
  hiddenCalls: number;
};

/** The answer to POST /api/collections/{id}/run: made for scripts (`jq -e '.totals.failed == 0'`). */
export type CollectionReport = {
  collection: { id: string; name: string };
  startedAt: string;
  durationMs: number;
  /** `failed`: calls that did not pass (a failed check, or not sent); 0 means the run passed. */
  totals: { calls: number; passed: number; failed: number };
  ok: boolean;
  calls: {
    savedCallId: string;
    name: string;
    serverId: string;
    kind: SavedKind;
    toolName: string;
    auditId: string | null;
    outcome: string;
    durationMs: number | null;
    passed: boolean;
    checks: CheckResult[];
    error: string | null;
    /** Paths of the result that differ from this call's previous run you may read; null when there is none to compare. */
    changedSincePrevious: number | null;
  }[];
};
