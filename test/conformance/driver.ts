// The client under test for the official MCP conformance suite (@modelcontextprotocol/conformance):
// the suite runs `sh -c "<command> <server url>"` with MCP_CONFORMANCE_SCENARIO set, and this
// driver answers with Toolscope's own ServerConnection, so that the suite judges the code the
// proxy routes use rather than the SDK on its own. All MCP traffic goes through ServerConnection.
//
// Run from the repo root with the react-server condition, which is how Next.js resolves
// `server-only` for the modules that import it:
//   node --conditions=react-server --import tsx test/conformance/driver.ts <url>
import { parseToolResult } from "@/lib/calls/parse-result";
import { ServerConnection } from "@/lib/mcp/connection";
import { ServerConfigSchema } from "@/lib/domain/server-config";
import { answerUserInput, withInteractor, type UserAnswer, type UserInputRequest } from "@/lib/mcp/user-input";
import { AUTH_SCENARIOS, prepareAuthEnvironment } from "./auth-scenarios";

const CONFORMANCE_SCENARIOS = ["initialize", "tools_call", "elicitation-sep1034-client-defaults", "sse-retry"] as const;

const SERVER_ID = "conformance";
const CALL_TIMEOUT_MS = 10_000;
// The suite kills a client after 30 s and then reports only "timed out"; giving up earlier
// leaves room to say what was being waited for.
const DEADLINE_MS = 20_000;
const CLOSE_TIMEOUT_MS = 3_000;

class DriverFailure extends Error {}

function log(message: string): void {
  process.stderr.write(`[conformance-driver] ${message}\n`);
}

function textOf(result: { content?: { type: string; text?: string }[] }): string {
  return (result.content ?? [])
    .map((c) => (c.type === "text" ? (c.text ?? "") : `[${c.type}]`))
    .join("\n")
    .trim();
}

/**
 * What a person would send for a form that shows the schema's defaults and is submitted
 * untouched (SEP-1034). The driver stands in for Toolscope's browser form here.
 */
function defaultsOf(params: unknown): Record<string, unknown> {
  const schema = (params as { requestedSchema?: { properties?: Record<string, unknown> } } | undefined)?.requestedSchema;
  const content: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema?.properties ?? {})) {
    if (property && typeof property === "object" && "default" in property) content[key] = (property as { default: unknown }).default;
  }
  return content;
}

function elicitationAnswer(request: UserInputRequest): UserAnswer {
  if (request.kind !== "elicitation") return { action: "decline" };
  // A URL-mode elicitation asks the user to visit a page; there is no form to fill.
  if ((request.params as { mode?: string } | undefined)?.mode === "url") return { action: "decline" };
  return { action: "accept", content: defaultsOf(request.params) };
}

async function callExpectingSuccess(connection: ServerConnection, name: string, args: Record<string, unknown>): Promise<string> {
  if (!connection.findTool(name)) {
    const names = connection.catalog().tools.map((t) => t.name);
    throw new DriverFailure(`the server's tool list has no ${name} (it has: ${names.join(", ") || "none"})`);
  }
  const { result } = parseToolResult(await connection.callTool(name, args));
  const text = textOf(result);
  if (result.isError) throw new DriverFailure(`${name} returned a tool error: ${text}`);
  log(`${name} → ${text}`);
  return text;
}

async function runScenario(scenario: string, connection: ServerConnection): Promise<void> {
  switch (scenario) {
    case "initialize":
      return;
    case "tools_call": {
      const text = await callExpectingSuccess(connection, "add_numbers", { a: 5, b: 3 });
      if (!/\b8\b/.test(text)) throw new DriverFailure(`add_numbers(5, 3) did not answer 8: ${text}`);
      return;
    }
    case "elicitation-sep1034-client-defaults": {
      const asked: UserInputRequest[] = [];
      const text = await withInteractor(
        SERVER_ID,
        (request) => {
          asked.push(request);
          const answer = elicitationAnswer(request);
          log(`${request.kind} request answered: ${JSON.stringify(answer)}`);
          // Answered on a later tick, as a browser would, so the request is registered as pending first.
          setImmediate(() => {
            if (!answerUserInput(request.serverId, request.id, answer)) log(`the answer to ${request.id} found no pending request`);
          });
        },
        () => callExpectingSuccess(connection, "test_client_elicitation_defaults", {}),
      );
      if (asked.length === 0) throw new DriverFailure(`the server's elicitation request never reached the interactor (tool said: ${text})`);
      return;
    }
    case "sse-retry":
      // The server ends the call's SSE stream before answering; the result only arrives if
      // the transport resumes the stream (GET with Last-Event-ID) after the advertised retry.
      await callExpectingSuccess(connection, "test_reconnection", {});
      return;
    default:
      throw new DriverFailure(`unsupported scenario ${JSON.stringify(scenario)}`);
  }
}

type Authorization = { kind: "insufficient_scope"; requiredScope: string | null } | { kind: "unauthorized" };

/**
 * One auth/* scenario: connect through the pool as the local user; while the server asks for
 * authorization, authorize as a person would (Toolscope's begin, the browser's redirect, Toolscope's
 * callback); then list the tools and call one, stepping up when the server asks for more scope.
 */
async function runAuthScenario(scenario: string, url: string): Promise<void> {
  prepareAuthEnvironment(scenario, url, SERVER_ID);
  const { connectionFor } = await import("@/lib/mcp/pool");
  const { beginAuthorization, completeAuthorization } = await import("@/lib/mcp/oauth-authorization");
  const { callbackUrl } = await import("@/lib/oauth/oauth-target");
  const { localCaller } = await import("@/lib/auth/identify");
  const { classifyCallError } = await import("@/lib/calls/classify-error");
  const caller = localCaller("127.0.0.1").caller;

  /** What a browser does with the authorization URL: the suite's authorization server redirects at once. */
  const authorize = async (scope?: string): Promise<void> => {
    const begun = await beginAuthorization(SERVER_ID, caller, { scope, returnTo: "/" });
    if (begun.kind === "authorized") {
      log("authorized without a redirect (refresh or client credentials)");
      return;
    }
    log(
      `authorization request: ${new URL(begun.authorizationUrl).origin} scope=${new URL(begun.authorizationUrl).searchParams.get("scope") ?? "(none)"}`,
    );
    const response = await fetch(begun.authorizationUrl, { redirect: "manual" });
    const location = response.headers.get("location");
    if (!location) throw new DriverFailure(`the authorization endpoint answered ${response.status} without a redirect`);
    const back = new URL(location, begun.authorizationUrl);
    if (`${back.origin}${back.pathname}` !== callbackUrl())
      throw new DriverFailure(`redirected to ${back.origin}${back.pathname}, not the callback`);
    const result = await completeAuthorization(back.searchParams, caller);
    if (!result.ok) throw new DriverFailure(result.message);
    log("callback completed");
  };

  const connected = async () => {
    const connection = await connectionFor(SERVER_ID, caller);
    await connection.ready().catch(() => undefined);
    return connection;
  };

  let connection = await connected();
  for (let round = 0; connection.snapshot().status === "unauthorized"; round++) {
    if (round === 3) throw new DriverFailure("still unauthorized after three authorizations");
    await authorize();
    connection = await connected();
  }
  const snapshot = connection.snapshot();
  if (snapshot.status !== "ready") throw new DriverFailure(`not connected: ${snapshot.error ?? snapshot.status}`);
  log(`connected: protocol ${snapshot.protocolVersion}, ${snapshot.toolCount} tools`);
  const tool = connection.catalog().tools[0];
  if (!tool) return;
  for (let attempt = 0; ; attempt++) {
    try {
      const { result } = parseToolResult(await connection.callTool(tool.name, {}));
      log(`${tool.name} → ${textOf(result)}`);
      return;
    } catch (error) {
      const classified = classifyCallError(error);
      const wanted = (classified.data as { authorization?: Authorization } | undefined)?.authorization;
      if (!wanted || attempt === 2) throw new DriverFailure(`${tool.name} failed: ${classified.message}`);
      log(`${tool.name} asks for authorization: ${JSON.stringify(wanted)}`);
      await authorize(wanted.kind === "insufficient_scope" ? (wanted.requiredScope ?? undefined) : undefined);
      connection = await connected();
    }
  }
}

async function withDeadline<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DriverFailure(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

async function main(): Promise<number> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
  const url = process.argv.at(-1) ?? "";
  if (!/^https?:\/\//.test(url)) {
    log(`the last argument must be the server URL, got ${JSON.stringify(url)}`);
    return 2;
  }
  if ((AUTH_SCENARIOS as readonly string[]).includes(scenario)) {
    try {
      await withDeadline(`scenario ${scenario}`, DEADLINE_MS, runAuthScenario(scenario, url));
      log(`scenario ${scenario}: done`);
      return 0;
    } catch (error) {
      log(`scenario ${scenario} failed: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  if (!(CONFORMANCE_SCENARIOS as readonly string[]).includes(scenario)) {
    log(
      `MCP_CONFORMANCE_SCENARIO=${JSON.stringify(scenario)} is not one this driver plays (${[...CONFORMANCE_SCENARIOS, ...AUTH_SCENARIOS].join(", ")})`,
    );
    return 2;
  }
  const config = ServerConfigSchema.parse({ id: SERVER_ID, name: `conformance: ${scenario}`, transport: "streamable-http", url });
  const connection = new ServerConnection(config, "builtin", CALL_TIMEOUT_MS);
  try {
    await withDeadline(
      `scenario ${scenario}`,
      DEADLINE_MS,
      (async () => {
        await connection.ready();
        const snapshot = connection.snapshot();
        log(
          `node ${process.version}, connected: protocol ${snapshot.protocolVersion}, server ${JSON.stringify(snapshot.serverInfo)}, ${snapshot.toolCount} tools`,
        );
        await runScenario(scenario, connection);
      })(),
    );
    log(`scenario ${scenario}: done`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`scenario ${scenario} failed: ${message}`);
    return 1;
  } finally {
    await withDeadline("closing the connection", CLOSE_TIMEOUT_MS, connection.close()).catch((error: unknown) => log(String(error)));
  }
}

// Exit explicitly: a transport that leaves a socket or timer behind must not keep the suite waiting.
process.exit(await main());
