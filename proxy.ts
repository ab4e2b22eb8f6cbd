import { NextResponse, type NextRequest } from "next/server";
import { allowedHostnames, guardRequest } from "@/lib/http/request-guard";

export function proxy(request: NextRequest): NextResponse {
  const verdict = guardRequest({
    method: request.method,
    pathname: request.nextUrl.pathname,
    headers: request.headers,
    allowedHosts: allowedHostnames(process.env.TOOLSCOPE_ALLOWED_HOSTS),
    apiToken: process.env.TOOLSCOPE_API_TOKEN || undefined,
  });
  if (verdict.ok) return NextResponse.next();
  return NextResponse.json({ error: { code: verdict.code, message: verdict.message } }, { status: verdict.status });
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
