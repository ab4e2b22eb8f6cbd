import { revokeTokenAs } from "@/lib/auth/personal-tokens";
import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export async function DELETE(request: Request, { params }: { params: Promise<{ tokenId: string }> }) {
  const { tokenId } = await params;
  return respond(async () => ({ token: await revokeTokenAs(tokenId, callerOf(request)) }));
}
