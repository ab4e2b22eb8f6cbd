import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { invokeTool } from "@/lib/mcp/invoke";
import { invokeToolStream } from "@/lib/mcp/invoke-stream";
import { CallToolBodySchema } from "@/lib/http/call-tool-body";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ serverId: string; toolName: string }> };

/**
 * Calls a tool. Answers JSON by default; with `Accept: text/event-stream`, streams
 * `progress` events and then one `result` (or `error`) event. Closing the request cancels
 * the call on the server either way.
 */
export async function POST(request: Request, { params }: Params): Promise<Response> {
  const { serverId, toolName } = await params;
  const streaming = (request.headers.get("accept") ?? "").includes("text/event-stream");
  if (streaming) {
    let body;
    try {
      body = await parseBody(request, CallToolBodySchema);
    } catch (error) {
      return respond(() => Promise.reject(error));
    }
    return invokeToolStream({ serverId, toolName, arguments: body.arguments, meta: body._meta, caller: callerOf(request) }, request.signal);
  }
  return respond(async () => {
    const body = await parseBody(request, CallToolBodySchema);
    return invokeTool({
      serverId,
      toolName,
      arguments: body.arguments,
      meta: body._meta,
      caller: callerOf(request),
      signal: request.signal,
    });
  });
}
