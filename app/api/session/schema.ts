import { z } from "zod";

/** POST /api/session: the API token, typed by a person on the sign-in page. */
export const SignInBodySchema = z.object({ token: z.string().min(1).max(4096) });
