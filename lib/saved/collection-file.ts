// The collection file (issue 17): what export writes and import reads, documented in
// docs/collections.md. Versioned so that a later Toolscope can read older files and an older
// one refuses a newer file with a clear message. Secrets are never in it. Client-safe.
import { z } from "zod";
import { CheckSchema, SAVED_KINDS } from "@/lib/domain/saved-shapes";

export const COLLECTION_FILE_FORMAT = "toolscope-collection";
/** Version 2 added `kind` (resource reads and prompt gets); version 1 files are read as tool calls. */
export const COLLECTION_FILE_VERSION = 2;

export const CollectionFileCallSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    note: z.string().max(2000).default(""),
    /** The server's id in Toolscope. */
    server: z.string().min(1).max(200),
    kind: z.enum(SAVED_KINDS).default("call"),
    /** The tool's or the prompt's name; for a resource read, its URI (also in `arguments.uri`). */
    tool: z.string().min(1).max(8_192),
    arguments: z.record(z.string(), z.unknown()).default({}),
    /** JSON pointers of the secret fields, which hold "[redacted]" and are asked for at run time. */
    secretFields: z.array(z.string()).default([]),
    checks: z.array(CheckSchema).max(50).default([]),
  })
  .strict();

export const CollectionFileSchema = z
  .object({
    format: z.literal(COLLECTION_FILE_FORMAT),
    version: z.union([z.literal(1), z.literal(COLLECTION_FILE_VERSION)]),
    exportedAt: z.string().optional(),
    name: z.string().trim().min(1).max(120),
    description: z.string().max(2000).default(""),
    calls: z.array(CollectionFileCallSchema).max(500),
  })
  .strict();

export type CollectionFile = z.input<typeof CollectionFileSchema>;
