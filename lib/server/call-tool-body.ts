// The body of POST /api/servers/{id}/tools/{name}/call.
import { z } from "zod";
import { VIA_PART_MAX } from "@/lib/domain/audit-via";
import { CallReasonSchema } from "@/lib/domain/tool-policy";

export const CallToolBodySchema = z.object({
  arguments: z.record(z.string(), z.unknown()).default({}),
  /** Sent to the server as the request's _meta, and recorded in the audit log. */
  _meta: z.record(z.string(), z.unknown()).optional(),
  /** Why the call is made, when the server's policy asks (kept in the audit record). */
  reason: CallReasonSchema,
  /**
   * Where the call was made from, when not the form or a script: { app: <tool> } for a call an
   * MCP App made on that tool's page. Kept in the audit record, as the page declared it.
   */
  via: z
    .object({
      app: z
        .string()
        .min(1)
        .max(VIA_PART_MAX)
        .regex(/^[^\p{C}]+$/u, "must be a tool's name"),
    })
    .strict()
    .optional(),
});

export type CallToolBody = z.infer<typeof CallToolBodySchema>;
