import { z } from "zod";
import { ROLES } from "@/lib/domain/roles";

/** POST /api/people: invite someone, with a one-time password or for single sign-on only. */
export const InviteBodySchema = z
  .object({
    email: z.email().max(320),
    name: z.string().trim().max(200).optional(),
    role: z.enum(ROLES),
    password: z.enum(["generate", "none"]).default("generate"),
  })
  .strict();

/** PATCH /api/people/{id}: change a role, a name, or disable (or re-enable) someone. */
export const ChangePersonBodySchema = z
  .object({ role: z.enum(ROLES).optional(), name: z.string().trim().min(1).max(200).optional(), disabled: z.boolean().optional() })
  .strict();
