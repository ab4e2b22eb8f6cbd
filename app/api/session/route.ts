import type { NextRequest } from "next/server";
import { SESSION_COOKIE } from "@/lib/auth/session-token";
import { sessionState, signIn, signOutCookie } from "@/lib/auth/session";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { SignInBodySchema } from "./schema";

export const dynamic = "force-dynamic";

export async function GET(request: NextRequest): Promise<Response> {
  return respond(() => sessionState(request.cookies.get(SESSION_COOKIE)?.value));
}

export async function POST(request: NextRequest): Promise<Response> {
  let cookie = "";
  const response = await respond(async () => {
    cookie = await signIn(await parseBody(request, SignInBodySchema));
    return { signedIn: true };
  });
  if (cookie) response.headers.append("set-cookie", cookie);
  return response;
}

export async function DELETE(): Promise<Response> {
  const response = await respond(async () => ({ signedIn: false }));
  response.headers.append("set-cookie", signOutCookie());
  return response;
}
