import { z } from "zod";

/** `?auditId=`: the call that created the task, which says which Toolscope process follows it (replicas). */
export const TaskQuerySchema = z.object({
  auditId: z
    .string()
    .regex(/^[0-9a-zA-Z_-]{1,64}$/)
    .optional(),
});
