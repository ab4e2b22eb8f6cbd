// The audit API's query parameters, shared by the list and the export routes (and the
// audit page, which builds the same query string).
import { z } from "zod";
import { FILTER_OUTCOMES } from "@/lib/domain/outcomes";
import type { AuditFilters } from "./store";
import { VIA_FILTER, VIA_PART_MAX } from "@/lib/domain/audit-via";

const time = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO date or date-time")
  .transform((v) => Date.parse(v));

export const AuditFilterSchema = z.object({
  server: z.string().max(200).optional(),
  tool: z.string().max(200).optional(),
  outcome: z.enum(FILTER_OUTCOMES).optional(),
  actor: z.string().max(200).optional(),
  person: z.string().max(200).optional(),
  kind: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
  via: z
    .string()
    .regex(VIA_FILTER, "must be app, console, saved, agent, playground or eval, or one of them with a name after a colon")
    .max(VIA_PART_MAX + 10)
    .optional(),
  from: time.optional(),
  to: time.optional(),
  q: z.string().max(500).optional(),
});

export const AuditListSchema = AuditFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: z
    .string()
    .regex(/^[0-9a-z]+$/)
    .optional(),
});

export const AuditExportSchema = AuditFilterSchema.extend({ format: z.enum(["jsonl", "csv"]).default("jsonl") });

export type AuditFilterQuery = z.infer<typeof AuditFilterSchema>;

/** The store's filters from the API's parameter names. */
export function storeFilters(query: AuditFilterQuery): AuditFilters {
  return {
    serverId: query.server || undefined,
    toolName: query.tool || undefined,
    outcome: query.outcome,
    actor: query.actor || undefined,
    actorId: query.person || undefined,
    kind: query.kind || undefined,
    via: query.via || undefined,
    from: query.from,
    to: query.to,
    q: query.q || undefined,
  };
}
