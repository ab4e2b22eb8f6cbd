import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { startToolTask } from "@/lib/calls/tasks";
import { CallReasonSchema } from "@/lib/domain/tool-policy";

export const dynamic = "force-dynamic";

const StartTaskSchema = z.object({
  arguments: z.record(z.string(), z.unknown()).default({}),
  _meta: z.record(z.string(), z.unknown()).optional(),
  ttlMs: z.number().int().positive().optional(),
  reason: CallReasonSchema,
});

/**
 * Runs a tool as a task (2025-11-25 tasks): answers 201 with the task to poll, or 200 with the
 * call's response when no task was created (the server refused, answered at once, or is down).
 */
export async function POST(request: Request, { params }: { params: Promise<{ serverId: string; toolName: string }> }) {
  const { serverId, toolName } = await params;
  return respond(
    async () => {
      const body = await parseBody(request, StartTaskSchema);
      const start = await startToolTask({
        serverId,
        toolName,
        arguments: body.arguments,
        meta: body._meta,
        ttlMs: body.ttlMs,
        reason: body.reason,
        caller: callerOf(request),
      });
      return start;
    },
    (start) => ({ status: "task" in start ? 201 : 200 }),
  );
}
