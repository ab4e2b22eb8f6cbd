import { AppError } from "@/lib/errors";
import { respond } from "@/lib/http/respond";
import { invokeTool } from "@/lib/mcp/invoke";
import { CallToolBodySchema } from "./schema";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ serverId: string; toolName: string }> };

export async function POST(request: Request, { params }: Params): Promise<Response> {
  const { serverId, toolName } = await params;
  return respond(async () => {
    const raw: unknown = await request.json().catch(() => {
      throw new AppError("bad_request:body", "The request body must be JSON.");
    });
    const body = CallToolBodySchema.safeParse(raw);
    if (!body.success) throw new AppError("bad_request:arguments");
    // Closing the request (the browser's Cancel) cancels the call on the server.
    return invokeTool({ serverId, toolName, arguments: body.data.arguments, actor: "local", signal: request.signal });
  });
}
