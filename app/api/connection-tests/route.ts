import { AddServerBodySchema } from "@/app/api/servers/schema";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { testConnection } from "@/lib/mcp/connection-test";

export const dynamic = "force-dynamic";

/** Connects to a server as POST /api/servers would add it, without saving it: what answered, or why nothing did. */
export async function POST(request: Request) {
  return respond(async () => testConnection(await parseBody(request, AddServerBodySchema.partial({ id: true }))));
}
