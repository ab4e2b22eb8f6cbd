// One error model for the whole app. A code names what went wrong and maps, in one
// place each, to an HTTP status and to a message a user can act on. Internal detail
// (stack traces, database text) is logged, never sent.
export type ErrorCode =
  | "bad_request:body"
  | "bad_request:arguments"
  | "bad_request:config"
  | "bad_request:icon"
  | "unauthorized:token"
  | "unauthorized:token_revoked"
  | "unauthorized:token_expired"
  | "unauthorized:access_token"
  | "unauthorized:session"
  | "unauthorized:credentials"
  | "unauthorized:disabled"
  | "forbidden:role"
  | "forbidden:scope"
  | "forbidden:stdio"
  | "forbidden:tool_policy"
  | "forbidden:server_authorization"
  | "bad_request:oauth"
  | "not_found:oauth_flow"
  | "bad_request:reason"
  | "too_many_requests:calls"
  | "too_many_requests:concurrent"
  | "too_many_requests:forms"
  | "not_found:person"
  | "not_found:token"
  | "conflict:person"
  | "bad_request:no_account"
  | "bad_request:reserved_email"
  | "too_many_requests:sign_in"
  | "too_many_requests:token"
  | "not_found:server"
  | "not_found:tool"
  | "not_found:audit"
  | "not_found:input"
  | "not_found:icon"
  | "not_found:route"
  | "not_found:task"
  | "not_found:message"
  | "not_found:call"
  | "not_found:saved_call"
  | "not_found:app"
  | "unavailable:sandbox"
  | "unavailable:draining"
  | "not_found:collection"
  | "forbidden:saved"
  | "bad_request:collection_file"
  | "method_not_allowed:route"
  | "bad_request:path"
  | "forbidden:host"
  | "forbidden:origin"
  | "forbidden:peer"
  | "payload_too_large:body"
  | "length_required:body"
  | "bad_gateway:server"
  | "conflict:server"
  | "conflict:tool_definition"
  | "not_found:approval"
  | "forbidden:approver"
  | "forbidden:credential"
  | "conflict:approval"
  | "conflict:virtual_server"
  | "not_found:virtual_server"
  | "not_found:agent_grant"
  | "readonly:server"
  | "unavailable:server"
  | "not_found:model"
  | "bad_gateway:model"
  | "not_found:eval_suite"
  | "not_found:eval_run"
  | "bad_request:eval_suite"
  | "conflict:eval_suite"
  | "bad_request:model_provider"
  | "not_found:model_provider"
  | "conflict:model_provider"
  | "not_found:skill"
  | "bad_gateway:skill_unverified"
  | "internal:unexpected";

const STATUS: Record<ErrorCode, number> = {
  "bad_request:body": 400,
  "bad_request:arguments": 400,
  "bad_request:config": 400,
  "bad_request:icon": 400,
  "unauthorized:token": 401,
  "unauthorized:token_revoked": 401,
  "unauthorized:token_expired": 401,
  "unauthorized:access_token": 401,
  "unauthorized:session": 401,
  "unauthorized:credentials": 401,
  "unauthorized:disabled": 401,
  "forbidden:role": 403,
  "forbidden:scope": 403,
  "forbidden:stdio": 403,
  "forbidden:tool_policy": 403,
  "forbidden:server_authorization": 403,
  "bad_request:oauth": 400,
  "not_found:oauth_flow": 404,
  "bad_request:reason": 400,
  "too_many_requests:calls": 429,
  "too_many_requests:concurrent": 429,
  "too_many_requests:forms": 429,
  "not_found:person": 404,
  "not_found:token": 404,
  "conflict:person": 409,
  "bad_request:no_account": 403,
  "bad_request:reserved_email": 400,
  "too_many_requests:sign_in": 429,
  "too_many_requests:token": 429,
  "not_found:server": 404,
  "not_found:tool": 404,
  "not_found:audit": 404,
  "not_found:input": 404,
  "not_found:icon": 404,
  "not_found:route": 404,
  "not_found:task": 404,
  "not_found:message": 404,
  "not_found:call": 404,
  "not_found:saved_call": 404,
  "not_found:app": 404,
  "unavailable:sandbox": 503,
  "unavailable:draining": 503,
  "not_found:collection": 404,
  "forbidden:saved": 403,
  "bad_request:collection_file": 400,
  "method_not_allowed:route": 405,
  "bad_request:path": 400,
  "forbidden:host": 403,
  "forbidden:origin": 403,
  "forbidden:peer": 403,
  "payload_too_large:body": 413,
  "length_required:body": 411,
  "bad_gateway:server": 502,
  "not_found:skill": 404,
  "bad_gateway:skill_unverified": 502,
  "conflict:server": 409,
  "conflict:tool_definition": 409,
  "not_found:approval": 404,
  "forbidden:approver": 403,
  "forbidden:credential": 403,
  "conflict:approval": 409,
  "conflict:virtual_server": 409,
  "not_found:virtual_server": 404,
  "not_found:agent_grant": 404,
  "readonly:server": 409,
  "unavailable:server": 503,
  "not_found:model": 404,
  "bad_gateway:model": 502,
  "not_found:eval_suite": 404,
  "not_found:eval_run": 404,
  "bad_request:eval_suite": 400,
  "conflict:eval_suite": 409,
  "bad_request:model_provider": 400,
  "not_found:model_provider": 404,
  "conflict:model_provider": 409,
  "internal:unexpected": 500,
};

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  "bad_request:body": "The request body is not valid.",
  "bad_request:arguments": "The tool arguments must be a JSON object.",
  "bad_request:config": "The server configuration is not valid.",
  "bad_request:icon": "That icon cannot be shown.",
  "unauthorized:token": "That is not Toolscope's API token.",
  "unauthorized:token_revoked": "That personal token was revoked.",
  "unauthorized:token_expired": "That personal token has expired.",
  "unauthorized:access_token": "That OAuth access token is not valid here. Authorize again.",
  "unauthorized:session": "Your session has ended. Sign in again.",
  "unauthorized:credentials": "That email and password do not match an account.",
  "unauthorized:disabled": "This account is disabled. Ask an admin.",
  "forbidden:role": "Your role does not allow this.",
  "forbidden:scope": "This personal token's scope does not allow this.",
  "forbidden:stdio": "This Toolscope does not start commands added through the UI or API.",
  "forbidden:tool_policy": "This server's policy does not let your role call this tool.",
  "forbidden:server_authorization": "The server asks for OAuth authorization: authorize Toolscope on the server's page.",
  "bad_request:oauth": "That authorization cannot be started or finished.",
  "not_found:oauth_flow": "That authorization is unknown or expired (they last ten minutes): start it again from the server's page.",
  "bad_request:reason": "This server's policy asks for a reason for calling this tool.",
  "too_many_requests:calls": "Too many calls in the last minute. Wait and try again.",
  "too_many_requests:concurrent": "Too many calls are running at once. Wait for one to finish.",
  "too_many_requests:forms": "Toolscope is preparing too many forms at once; try again in a moment.",
  "not_found:person": "There is no person with that id.",
  "not_found:token": "There is no personal token with that id.",
  "conflict:person": "A person with that email already exists.",
  "bad_request:no_account": "Only people with an account have personal tokens and sessions; sign in with one.",
  "bad_request:reserved_email": "That address is reserved by Toolscope for its bootstrap admin.",
  "too_many_requests:sign_in": "Too many sign-in attempts. Wait and try again.",
  "too_many_requests:token": "Too many failed token attempts from this address. Wait and try again.",
  "not_found:server": "There is no server with that id.",
  "not_found:tool": "That server has no tool with that name.",
  "not_found:audit": "There is no audit record with that id.",
  "not_found:input": "That request for input is no longer waiting: it was answered, cancelled or timed out.",
  "not_found:icon": "No tool of that server lists this icon.",
  "not_found:route": "There is no API route at that path; docs/api.md lists them.",
  "not_found:task": "No task with that id was started by this Toolscope process, or it ended more than ten minutes ago.",
  "not_found:message": "That request is no longer kept, or cannot be sent again.",
  "not_found:call": "No call with that id is running: it has ended, or never started.",
  "not_found:saved_call": "There is no saved call with that id that you may see.",
  "unavailable:sandbox": "MCP Apps are off in this Toolscope: its sandbox is not listening.",
  "unavailable:draining": "This Toolscope process is shutting down and takes no new work: try again (another replica will answer).",
  "not_found:app": "That tool has no app (MCP Apps: _meta.ui.resourceUri), or its server does not have the resource it names.",
  "not_found:collection": "There is no collection with that id that you may see.",
  "forbidden:saved": "Only the person who saved it (or an admin, for a shared one) may change or delete it.",
  "bad_request:collection_file": "That is not a Toolscope collection file this version reads.",
  "method_not_allowed:route": "That route does not answer this method.",
  "bad_request:path":
    "Toolscope serves paths only as written: this one has malformed percent-encoding, dot segments (. or ..), backslashes or an absolute URL.",
  "forbidden:host": "Toolscope does not answer to that host name.",
  "forbidden:origin": "Cross-origin requests that change anything are refused.",
  "forbidden:peer": "Without TOOLSCOPE_API_TOKEN, Toolscope answers only this machine (loopback).",
  "payload_too_large:body": "The request body is too large.",
  "length_required:body": "Send the request body with a Content-Length header.",
  "bad_gateway:server": "The server answered with an error.",
  "not_found:skill": "The server lists no such skill.",
  "bad_gateway:skill_unverified": "The server's file does not match what its skill entry says; it was not used.",
  "conflict:virtual_server": "A virtual server with that name already exists.",
  "conflict:server": "A server with that id already exists.",
  "conflict:tool_definition": "This tool's definition changed since it was approved; calls are held until an admin approves it.",
  "not_found:approval": "There is no agent call waiting for approval with that id that you may see.",
  "forbidden:approver": "This server's policy does not name you among those who decide its agents' calls.",
  "forbidden:credential":
    "Deciding an agent's call needs a person signed in to Toolscope in a browser: no token may decide one, since an agent could hold it.",
  "conflict:approval": "That call was already decided, timed out or withdrawn by the agent.",
  "not_found:virtual_server": "There is no virtual server with that name.",
  "not_found:agent_grant": "You have not allowed that agent (or have revoked it already).",
  "readonly:server": "That server comes from a config file or is built in; change it there.",
  "unavailable:server": "The server is not connected.",
  "not_found:model": "No such model: name it as provider/model, of a provider Toolscope is configured for.",
  "bad_gateway:model": "The model's provider did not answer as expected.",
  "not_found:eval_suite": "There is no such eval suite.",
  "not_found:eval_run": "There is no such eval run.",
  "bad_request:eval_suite": "This is not an eval suite Toolscope reads.",
  "conflict:eval_suite": "A run of this suite is going on.",
  "bad_request:model_provider": "That is not a model provider Toolscope can use.",
  "not_found:model_provider": "There is no such model provider.",
  "conflict:model_provider": "A model provider of that name exists already.",
  "internal:unexpected": "Something went wrong inside Toolscope. The details are in its log.",
};

const BRAND = Symbol.for("toolscope.app-error");

export class AppError extends Error {
  // Next bundles lib/ once per route and once more for instrumentation (which opens the
  // connections), so an error thrown by one copy of this class reaches code holding another.
  // instanceof therefore checks a process-wide brand rather than the prototype chain.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }
  readonly [BRAND] = true;
  readonly code: ErrorCode;
  /** Headers the answer carries (Retry-After on a 429). */
  readonly headers: Record<string, string> = {};
  constructor(code: ErrorCode, message?: string) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.name = "AppError";
    this.code = code;
  }
  get status(): number {
    return STATUS[this.code];
  }
}

/** An error answered by another process (lib/cluster), thrown here as it was there; an unknown code (a newer Toolscope) as a bad gateway. */
export function errorFromElsewhere(error: { code: string; message: string }): AppError {
  return Object.hasOwn(STATUS, error.code)
    ? new AppError(error.code as ErrorCode, error.message)
    : new AppError("bad_gateway:server", error.message);
}

/** For a lookup whose absence is an answer: a 404 becomes null; anything else is still thrown. */
export function nullIfNotFound(error: unknown): null {
  if (error instanceof AppError && error.status === 404) return null;
  throw error;
}

export type ErrorBody = { error: { code: ErrorCode; message: string } };

export function errorBody(error: unknown): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    return { status: error.status, body: { error: { code: error.code, message: error.message } }, headers: error.headers };
  }
  console.error("[toolscope] unexpected error:", error);
  const code: ErrorCode = "internal:unexpected";
  return { status: STATUS[code], body: { error: { code, message: DEFAULT_MESSAGE[code] } } };
}
