import "server-only";
// An agent's authorization request that cannot go on (an unknown client, a redirect address it
// never registered, a client metadata document that could not be fetched) is a person's browser
// on better-auth's authorize endpoint. Without this, that person got JSON, or the sign-in page
// saying that "single sign-on failed". RFC 6749 §4.1.2.1 forbids sending them back to an
// unverified redirect address, so they land on a page of Toolscope's that says what went wrong.
// This works on the endpoint's answer: an after hook cannot turn an error's status into a redirect.
import { appConfig } from "@/lib/config/env";
import { isKnownAuthorizeError } from "./authorize-error-words";

/** The page that explains it (app/oauth/error). */
export const AUTHORIZE_ERROR_PAGE = "/oauth/error";

type Refusal = { error: string; description: string };

function parsed(address: string, base?: string): URL | null {
  try {
    return new URL(address, base);
  } catch {
    return null;
  }
}

/** A redirect to better-auth's error page (onAPIError.errorURL: the sign-in page) with OAuth's `error`. */
function errorPageRefusal(location: string | null): Refusal | null {
  const publicUrl = appConfig().publicUrl;
  const url = location ? parsed(location, publicUrl) : null;
  const login = parsed("/login", publicUrl);
  if (!url || !login || url.origin !== login.origin || url.pathname !== login.pathname) return null;
  const error = url.searchParams.get("error");
  return error ? { error, description: url.searchParams.get("error_description") ?? "" } : null;
}

/** An answer in OAuth's error shape, `{ error, error_description }`. */
async function jsonRefusal(answer: Response): Promise<Refusal | null> {
  if (!answer.headers.get("content-type")?.includes("application/json")) return null;
  const body: unknown = await answer
    .clone()
    .json()
    .catch(() => null);
  if (!body || typeof body !== "object") return null;
  const { error, error_description: description } = body as { error?: unknown; error_description?: unknown };
  return typeof error === "string" ? { error, description: typeof description === "string" ? description : "" } : null;
}

/** A person's browser following a link, not a client's fetch (which asks for JSON and keeps it). */
function navigated(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  return mode ? mode === "navigate" : (request.headers.get("accept") ?? "").includes("text/html");
}

/**
 * The authorize endpoint's answer as the person should get it: a refusal goes to Toolscope's
 * page for it; anything else (sign in, the consent page, back to the agent) is unchanged.
 */
export async function authorizeAnswerForPerson(request: Request, answer: Response): Promise<Response> {
  let refusal: Refusal | null = null;
  if (answer.status >= 300 && answer.status < 400) refusal = errorPageRefusal(answer.headers.get("location"));
  else if (answer.status >= 400 && navigated(request)) refusal = await jsonRefusal(answer);
  if (!refusal) return answer;
  // The page shows its own words for a code it knows, never a description (which may quote the
  // agent's own parameters): the details go to the log, for whoever runs Toolscope.
  // Quoted: a description with line breaks must not forge lines of the log.
  console.warn(
    `[toolscope] an agent's authorization request was refused: ${JSON.stringify(refusal.error)}: ${JSON.stringify(refusal.description)}`,
  );
  const error = isKnownAuthorizeError(refusal.error) ? refusal.error : "invalid_request";
  const page = `${appConfig().publicUrl}${AUTHORIZE_ERROR_PAGE}?${new URLSearchParams({ error })}`;
  return new Response(null, { status: 302, headers: { location: page, "cache-control": "no-store" } });
}
