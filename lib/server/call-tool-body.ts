// The body of POST /api/servers/{id}/tools/{name}/call.
import { z } from "zod";

export const CallToolBodySchema = z.object({
  arguments: z.record(z.string(), z.unknown()).default({}),
  /** Sent to the server as the request's _meta, and recorded in the audit log. */
  _meta: z.record(z.string(), z.unknown()).optional(),
});

export type CallToolBody = z.infer<typeof CallToolBodySchema>;
