import { errorBody } from "@/lib/errors";
import { callerOf } from "@/lib/http/caller";
import { fetchToolIcon } from "@/lib/mcp/icon-proxy";

export const dynamic = "force-dynamic";

/** A tool's http(s) icon, fetched and checked by Toolscope, served so that it can never run script. */
export async function GET(request: Request, { params }: { params: Promise<{ serverId: string }> }): Promise<Response> {
  const { serverId } = await params;
  try {
    const icon = await fetchToolIcon(serverId, new URL(request.url).searchParams.get("src") ?? "", callerOf(request));
    return new Response(Buffer.from(icon.bytes), {
      headers: {
        "content-type": icon.type,
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        "x-content-type-options": "nosniff",
        "cache-control": "private, max-age=600",
      },
    });
  } catch (error) {
    const { status, body } = errorBody(error);
    return Response.json(body, { status });
  }
}
