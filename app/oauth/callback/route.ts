// Where authorization servers send the browser back (the redirect URI Toolscope registers). A
// page path, not an API one: a person whose session ended meanwhile is sent to sign in and back.
import { callerOf } from "@/lib/http/caller";
import { errorBody } from "@/lib/errors";
import { completeAuthorization } from "@/lib/mcp/oauth-authorization";

export const dynamic = "force-dynamic";

function back(path: string, outcome: Record<string, string>): Response {
  const url = new URL(path, "http://toolscope.invalid");
  for (const [k, v] of Object.entries(outcome)) url.searchParams.set(k, v);
  // A relative Location: the browser stays on whichever address it reached Toolscope at.
  return new Response(null, { status: 303, headers: { location: `${url.pathname}${url.search}`, "cache-control": "no-store" } });
}

export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  try {
    const result = await completeAuthorization(params, callerOf(request));
    return result.ok ? back(result.returnTo, { oauth: "authorized" }) : back(result.returnTo, { oauth_error: result.message });
  } catch (error) {
    return back("/", { oauth_error: errorBody(error).body.error.message });
  }
}
