import { NextResponse, type NextRequest } from "next/server";
import { configuredApiToken, SESSION_COOKIE, sessionValue } from "@/lib/auth/session-token";
import { allowedHostnames, guardRequest } from "@/lib/http/request-guard";

// The JSON form of POST /api/servers/{id}/tools/{name}/call is answered before this proxy
// runs, by lib/http/call-fast-path.ts, which applies the same guardRequest (and leaves any
// request it refuses to this proxy). A check added here must be added there too.
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const apiToken = configuredApiToken();
  const verdict = guardRequest({
    method: request.method,
    pathname: request.nextUrl.pathname,
    headers: request.headers,
    allowedHosts: allowedHostnames(process.env.TOOLSCOPE_ALLOWED_HOSTS),
    apiToken,
    sessionCookie: request.cookies.get(SESSION_COOKIE)?.value,
    expectedSession: apiToken ? await sessionValue(apiToken) : undefined,
    returnTo: request.nextUrl.pathname + request.nextUrl.search,
  });
  if (verdict.ok) return NextResponse.next();
  if (verdict.status === 302) return NextResponse.redirect(new URL(verdict.location, request.url));
  return NextResponse.json({ error: { code: verdict.code, message: verdict.message } }, { status: verdict.status });
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
