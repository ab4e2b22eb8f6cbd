// The client under test for the official MCP conformance suite (@modelcontextprotocol/conformance):
// the suite runs `sh -c "<command> <server url>"` with MCP_CONFORMANCE_SCENARIO set, and this
// driver answers with Toolscope's own code: the server registered in mcp.json, its connection
// from the pool (ServerConnection), OAuth through lib/mcp/oauth-authorization.ts, server requests
// through lib/mcp/user-input.ts. So the suite judges the code the proxy routes use rather than
// the SDK on its own. Every scenario is played, known or not (play.ts).
//
// Run from the repo root with the react-server condition, which is how Next.js resolves
// `server-only` for the modules that import it:
//   node --conditions=react-server --import tsx test/conformance/driver.ts <url>
import { prepareEnvironment, scenarioContext } from "./environment";

const SERVER_ID = "conformance";
// The suite kills a client after 30 s and then reports only "timed out"; giving up earlier
// leaves room to say what was being waited for.
const DEADLINE_MS = 20_000;
const CLOSE_TIMEOUT_MS = 3_000;

function log(message: string): void {
  process.stderr.write(`[conformance-driver] ${message}\n`);
}

async function withDeadline<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
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
  const context = scenarioContext();
  // Before Toolscope's modules load: they read the environment once.
  prepareEnvironment(scenario, url, SERVER_ID, context);
  const { Session } = await import("./session");
  const { play } = await import("./play");
  const { allConnections } = await import("@/lib/mcp/pool");
  const session = new Session(SERVER_ID);
  try {
    await withDeadline(
      `scenario ${scenario}`,
      DEADLINE_MS,
      (async () => {
        await session.open();
        await play(scenario, session, context);
      })(),
    );
    log(`scenario ${scenario}: done`);
    return 0;
  } catch (error) {
    log(`scenario ${scenario} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    const closing = Promise.all((await allConnections()).map((connection) => connection.close()));
    await withDeadline("closing the connections", CLOSE_TIMEOUT_MS, closing).catch((error: unknown) => log(String(error)));
  }
}

// Exit explicitly: a transport that leaves a socket or timer behind must not keep the suite waiting.
process.exit(await main());
