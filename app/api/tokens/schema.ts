import { z } from "zod";
import { TOKEN_SCOPES } from "@/lib/domain/roles";

/** POST /api/tokens: a named token with its scopes, expiring after N days (null: never). */
export const CreateTokenBodySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(z.enum(TOKEN_SCOPES)).min(1),
    expiresInDays: z.number().int().min(1).max(3650).nullable().default(90),
  })
  .strict();
