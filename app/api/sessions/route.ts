import { callerOf } from "@/lib/http/caller";
import { listSessions, signOutEverywhere } from "@/lib/auth/session";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/** The caller's own sessions, this one marked. */
export async function GET(request: Request) {
  return respond(async () => ({ sessions: await listSessions(callerOf(request)) }));
}

/** Sign out everywhere: every session of the caller's account ends. */
export async function DELETE(request: Request) {
  let cookies: string[] = [];
  const response = await respond(async () => {
    cookies = (await signOutEverywhere(callerOf(request), request.headers)).setCookies;
    return { signedIn: false };
  });
  for (const cookie of cookies) response.headers.append("set-cookie", cookie);
  return response;
}
