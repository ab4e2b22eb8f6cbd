import { z } from "zod";

export const CallToolBodySchema = z.object({
  arguments: z.record(z.string(), z.unknown()).default({}),
});

export type CallToolBody = z.infer<typeof CallToolBodySchema>;
