import { revokeAgentGrant } from "@/lib/auth/agent-grants";
import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export async function DELETE(request: Request, { params }: { params: Promise<{ clientId: string }> }) {
  const { clientId } = await params;
  return respond(async () => {
    await revokeAgentGrant(clientId, callerOf(request));
    return { revoked: clientId };
  });
}
