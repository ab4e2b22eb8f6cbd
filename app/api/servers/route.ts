import { respond } from "@/lib/http/respond";
import { listServerSnapshots } from "@/lib/mcp/servers";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return respond(async () => ({ servers: listServerSnapshots() }));
}
