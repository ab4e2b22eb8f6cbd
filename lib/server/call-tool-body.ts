// The body of POST /api/servers/{id}/tools/{name}/call.
import { z } from "zod";
import { CallReasonSchema } from "@/lib/policy/tool-policy";

export const CallToolBodySchema = z.object({
  arguments: z.record(z.string(), z.unknown()).default({}),
  /** Sent to the server as the request's _meta, and recorded in the audit log. */
  _meta: z.record(z.string(), z.unknown()).optional(),
  /** Why the call is made, when the server's policy asks (kept in the audit record). */
  reason: CallReasonSchema,
});

export type CallToolBody = z.infer<typeof CallToolBodySchema>;
