import { anyCallerOf, callerOf } from "@/lib/http/caller";
import { sessionState, signIn, signOut } from "@/lib/auth/session";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { SignInBodySchema } from "./schema";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return respond(() => sessionState(anyCallerOf(request)));
}

export async function POST(request: Request) {
  let cookies: string[] = [];
  const response = await respond(async () => {
    const body = await parseBody(request, SignInBodySchema);
    cookies = (await signIn(body, { headers: request.headers, clientIp: anyCallerOf(request).clientIp })).setCookies;
    return { signedIn: true };
  });
  for (const cookie of cookies) response.headers.append("set-cookie", cookie);
  return response;
}

export async function DELETE(request: Request) {
  let cookies: string[] = [];
  const response = await respond(async () => {
    cookies = (await signOut(callerOf(request), request.headers)).setCookies;
    return { signedIn: false };
  });
  for (const cookie of cookies) response.headers.append("set-cookie", cookie);
  return response;
}
