import "server-only";
// The browser legs of single sign-on (starting it, the provider's redirect back) and of agents'
// OAuth, answered by better-auth's own handler. The front door has already guarded the request;
// the route table (api-routes.ts) lists the only better-auth paths that reach it.
import type http from "node:http";
import { getRequest, setResponse } from "better-call/node";
import { AUTHORIZE_PATH } from "@/lib/auth/agent-oauth";
import { authorizeAnswerForPerson } from "@/lib/auth/authorize-errors";
import { auth, CLIENT_ADDRESS_HEADER } from "@/lib/auth/better-auth";
import { registrationRefusal } from "@/lib/auth/client-registration";

/** Dynamic client registration (RFC 7591): limited per address and in size before better-auth stores it. */
const REGISTER_PATH = "/api/auth/oauth2/register";

export async function serveAuth(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  // As better-auth's toNodeHandler does, with one step between: an agent's authorization that
  // cannot go on is shown to the person on a page, not in JSON.
  const base = `${request.headers["x-forwarded-proto"] || ("encrypted" in request.socket && request.socket.encrypted ? "https" : "http")}://${request.headers.host}`;
  const asked = getRequest({ base, request });
  const path = new URL(asked.url).pathname;
  if (path === REGISTER_PATH && asked.method === "POST") {
    const address = request.headers[CLIENT_ADDRESS_HEADER];
    const refused = await registrationRefusal(asked, typeof address === "string" ? address : null);
    if (refused) return setResponse(response, refused);
  }
  const answer = await (await auth()).handler(asked);
  await setResponse(response, path === AUTHORIZE_PATH ? await authorizeAnswerForPerson(asked, answer) : answer);
}
