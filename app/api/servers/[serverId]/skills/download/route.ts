import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { parseSearchParams } from "@/lib/http/search-params";
import { readSkillFileFor } from "@/lib/calls/skill-files";

export const dynamic = "force-dynamic";

const DownloadSchema = z.object({ skill: z.string().min(1).max(8_192), uri: z.string().min(1).max(8_192) });

/** One file of a skill as a download: read as a resource (audited), verified, and never shown inline. */
export async function GET(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  let file;
  try {
    const query = parseSearchParams(request, DownloadSchema);
    file = await readSkillFileFor({ serverId, skill: query.skill, uri: query.uri, caller: callerOf(request), signal: request.signal });
  } catch (error) {
    return respond(() => Promise.reject(error));
  }
  const name = file.path.split("/").pop() || "skill-file";
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      // Whatever the server says it is, the browser saves it and never renders it here.
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="${name.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    },
  });
}
