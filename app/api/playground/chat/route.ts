import { errorBody } from "@/lib/errors";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { answerChat, ChatRequestSchema } from "@/lib/playground/chat-request";

export const dynamic = "force-dynamic";

/** One turn of the playground's chat, streamed (the AI SDK's UI message stream). */
export async function POST(request: Request): Promise<Response> {
  try {
    // Sec-Fetch-Site is the browser's own word that Toolscope's page sent this (a confirmed call).
    const fromPage = request.headers.get("sec-fetch-site") === "same-origin";
    return await answerChat(await parseBody(request, ChatRequestSchema), callerOf(request), request.signal, fromPage);
  } catch (error) {
    const { status, body, headers } = errorBody(error);
    return Response.json(body, { status, headers });
  }
}
