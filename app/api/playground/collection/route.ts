import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { saveChatCalls, SaveChatCallsSchema } from "@/lib/playground/save-calls";

export const dynamic = "force-dynamic";

/** A chat's tool calls saved as a new collection (201). */
export async function POST(request: Request) {
  return respond(async () => saveChatCalls(await parseBody(request, SaveChatCallsSchema), callerOf(request)), { status: 201 });
}
