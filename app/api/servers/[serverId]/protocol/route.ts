import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { AppError } from "@/lib/errors";
import { serverProtocol } from "@/lib/mcp/server-catalogs";

export const dynamic = "force-dynamic";

const AfterSchema = z.coerce.number().int().min(0).default(0);

/** The JSON-RPC messages of the caller's connection to the server, after `?after=` (a message's seq). */
export async function GET(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(() => {
    const after = AfterSchema.safeParse(new URL(request.url).searchParams.get("after") ?? undefined);
    if (!after.success) throw new AppError("bad_request:body", "after must be a whole number: the seq of the last message you have.");
    return serverProtocol(serverId, callerOf(request), after.data);
  });
}
