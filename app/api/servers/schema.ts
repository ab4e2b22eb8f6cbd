import { z } from "zod";
import { McpJsonEntrySchema } from "@/lib/mcp/mcp-json";

/** POST /api/servers: an mcp.json server entry plus its id. */
export const AddServerBodySchema = McpJsonEntrySchema.extend({ id: z.string() });

/** PUT /api/servers/{id}: an entry whose secret values may be null, meaning "keep the stored value". */
export const UpdateServerBodySchema = McpJsonEntrySchema.extend({
  env: z.record(z.string(), z.string().nullable()).optional(),
  headers: z.record(z.string(), z.string().nullable()).optional(),
});

/** PATCH /api/servers/{id}: whether Toolscope believes what the server says about its tools. */
export const TrustBodySchema = z.object({ trusted: z.boolean() }).strict();
