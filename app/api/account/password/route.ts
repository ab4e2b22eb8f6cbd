import { z } from "zod";
import { changePassword } from "@/lib/auth/session";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1).max(256),
    newPassword: z.string().min(10).max(256),
    signOutOtherSessions: z.boolean().default(true),
    revokeTokens: z.boolean().default(false),
  })
  .strict();

export async function POST(request: Request) {
  let cookies: string[] = [];
  const response = await respond(async () => {
    const { setCookies, sessionsEnded, tokensRevoked } = await changePassword(
      callerOf(request),
      await parseBody(request, ChangePasswordSchema),
      request.headers,
    );
    cookies = setCookies;
    return { changed: true, sessionsEnded, tokensRevoked };
  });
  for (const cookie of cookies) response.headers.append("set-cookie", cookie);
  return response;
}
