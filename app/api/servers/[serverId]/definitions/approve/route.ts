import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { approveDefinitions } from "@/lib/pins/definition-pins";

export const dynamic = "force-dynamic";

const ApproveSchema = z.union([
  z.object({ tool: z.string().min(1).max(512), hash: z.string().regex(/^[0-9a-f]{64}$/, "hash: a SHA-256 in hex") }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** An admin approves a waiting definition (it becomes the tool's pin), or all of them. */
export async function POST(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(async () => approveDefinitions(serverId, await parseBody(request, ApproveSchema), callerOf(request)));
}
