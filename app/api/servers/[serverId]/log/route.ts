import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { serverLog, setServerLogLevel } from "@/lib/mcp/server-catalogs";

export const dynamic = "force-dynamic";

const LevelSchema = z.object({ level: z.enum(["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]) });

/** The messages the server sent (notifications/message), newest last. */
export async function GET(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(() => serverLog(serverId, callerOf(request)));
}

/** logging/setLevel, where the server and its revision take it. */
export async function PUT(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(async () => {
    const { level } = await parseBody(request, LevelSchema);
    return setServerLogLevel(serverId, level, callerOf(request));
  });
}
