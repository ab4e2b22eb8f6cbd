import { z } from "zod";

/** POST /api/session: an email and password, or the bootstrap token (TOOLSCOPE_API_TOKEN). */
export const SignInBodySchema = z.union([
  z.object({ email: z.string().trim().min(3).max(320), password: z.string().min(1).max(256) }).strict(),
  z.object({ token: z.string().min(1).max(4096) }).strict(),
]);
