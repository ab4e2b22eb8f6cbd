import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { pinsView } from "@/lib/pins/definition-pins";

export const dynamic = "force-dynamic";

/** The server's pinned tool definitions: how many are approved, and what waits for approval with what changed (lib/pins). */
export async function GET(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(() => pinsView(serverId, callerOf(request)));
}
