import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { exportServers, importServers } from "@/lib/mcp/servers";

export const dynamic = "force-dynamic";

/** An mcp.json of the configured servers (secret values replaced by a placeholder). */
export async function GET() {
  return respond(exportServers, { headers: { "content-disposition": 'attachment; filename="mcp.json"' } });
}

/** Imports every server of an mcp.json document. */
export async function POST(request: Request) {
  return respond(async () => importServers(await parseBody(request, z.unknown()), callerOf(request)));
}
