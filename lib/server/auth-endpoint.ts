import "server-only";
// The browser legs of single sign-on (starting it, the provider's redirect back), answered by
// better-auth's own handler. The front door has already guarded the request; the route table
// (api-routes.ts) lists the only better-auth paths that reach it.
import type http from "node:http";
import { toNodeHandler } from "better-auth/node";
import { auth } from "@/lib/auth/better-auth";
import { processWide } from "@/lib/process-wide";

const state = processWide("auth-endpoint", () => ({ handler: undefined as ReturnType<typeof toNodeHandler> | undefined }));

export async function serveAuth(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  state.handler ??= toNodeHandler(await auth());
  await state.handler(request, response);
}
