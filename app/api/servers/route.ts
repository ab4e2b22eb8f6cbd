import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { addServer, listServerSnapshots } from "@/lib/mcp/servers";
import { AddServerBodySchema } from "./schema";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return respond(async () => ({ servers: await listServerSnapshots(callerOf(request)) }));
}

export async function POST(request: Request) {
  return respond(
    async () => {
      const { id, ...entry } = await parseBody(request, AddServerBodySchema);
      return { server: await addServer(id, entry, callerOf(request)) };
    },
    { status: 201 },
  );
}
