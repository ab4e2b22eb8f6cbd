import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { startToolTask } from "@/lib/mcp/tasks";

export const dynamic = "force-dynamic";

const StartTaskSchema = z.object({
  arguments: z.record(z.string(), z.unknown()).default({}),
  ttlMs: z.number().int().positive().optional(),
});

/** Runs a tool as a task (2025-11-25 tasks): answers at once with the task to poll. */
export async function POST(request: Request, { params }: { params: Promise<{ serverId: string; toolName: string }> }): Promise<Response> {
  const { serverId, toolName } = await params;
  return respond(
    async () => {
      const body = await parseBody(request, StartTaskSchema);
      return startToolTask({ serverId, toolName, arguments: body.arguments, ttlMs: body.ttlMs, caller: callerOf(request) });
    },
    { status: 201 },
  );
}
