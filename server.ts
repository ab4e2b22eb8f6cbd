// Toolscope's HTTP server: Next's documented custom-server pattern. Every request, for a page,
// an API route, a call or an event stream, enters through the front door
// (lib/server/front-door.ts), which guards it once and hands on what Next serves.
// `npm start` runs the bundle of this file (scripts/lib/build-server.mjs); `--dev` serves
// Next in development mode.
import { EventEmitter } from "node:events";
import http from "node:http";
import { authMode } from "@/lib/auth/mode";
import { appConfig } from "@/lib/config/env";
import { isLoopbackHost } from "@/lib/http/request-guard";
import { createFrontDoor, type NextHandler } from "@/lib/server/front-door";
import { createUpgradeDoor, type UpgradeHandler } from "@/lib/server/upgrade-door";
import { markFrontDoorOpen } from "@/lib/server/front-door-marker";
import { stopOnSignals } from "@/lib/server/shutdown";
import { startup } from "@/lib/startup";
import { handleSandboxRequest } from "@/lib/apps/sandbox-server";
import { sandboxState } from "@/lib/apps/sandbox-state";

const dev = process.argv.includes("--dev");
Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? (dev ? "development" : "production"), NEXT_TELEMETRY_DISABLED: "1" });

function fail(message: string): never {
  console.error(`[toolscope] ${message}`);
  process.exit(1);
}

let config;
try {
  config = appConfig();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { host, port, allowedHosts } = config.listen;
const sandbox = config.sandbox;

await startup();
// In local mode whoever reaches Toolscope is its admin and can add a stdio server, which runs a
// command: off loopback, people must sign in. (The front door also refuses non-loopback peers then.)
if (!isLoopbackHost(host) && (await authMode()) === "local") {
  fail(
    `Refusing to listen on ${host} in local mode: anyone who can reach it could run commands on this machine. ` +
      "Create the first admin (npm run user:create -- --admin <email>), configure single sign-on, or set TOOLSCOPE_API_TOKEN; " +
      "or keep TOOLSCOPE_HOST on 127.0.0.1.",
  );
}
markFrontDoorOpen();
const nextModule = (await import("next")) as unknown as { default: typeof import("next").default };
// Next attaches an upgrade listener of its own to the server it is given (else to the first
// request's server); it gets a stand-in, so that upgrades too go through the front door.
const nextsOwnListeners = new EventEmitter() as http.Server;
const app = nextModule.default({ dev, hostname: host, port, dir: process.cwd(), httpServer: nextsOwnListeners });
await app.prepare();
const handle = app.getRequestHandler() as NextHandler;

/**
 * In development the page's hot-reload websocket (/_next/hmr) is served by the upgrade handler of
 * Next's router, the one `next dev` attaches to its own server; getUpgradeHandler() does not know
 * that path, so the socket hung and no page ever hydrated. In production that handler is kept.
 */
function nextUpgradeHandler(): UpgradeHandler {
  const routers = (app as unknown as { upgradeHandler?: UpgradeHandler }).upgradeHandler;
  if (dev && routers) return routers;
  return app.getUpgradeHandler() as UpgradeHandler;
}
const server = http.createServer(createFrontDoor(handle, { allowedHosts, dev }));
// An idle kept-alive connection is closed after 65 s rather than Node's 5: a client that sends on
// one just as the server closes it (a script's HTTP agent, a load balancer) gets ECONNRESET.
// Load balancers keep idle connections 60 s, so the server waits longer than they do.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.on("upgrade", createUpgradeDoor(nextUpgradeHandler(), { allowedHosts, dev }));
server.listen(port, host, () => {
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  console.log(`[toolscope] Ready in ${Math.round(performance.now())} ms: serving ${url}`);
});
// MCP Apps' sandbox: a second origin that serves only the sandbox page (lib/apps/sandbox-server.ts).
// Apps are offered only once it listens: a port held by another program is never framed.
const sandboxServer = http.createServer(handleSandboxRequest);
if (sandbox.off) {
  sandboxState.off = sandbox.off;
  console.log(`[toolscope] MCP Apps are off: ${sandbox.off}`);
} else {
  sandboxServer.on("error", (error) => {
    sandboxState.off = `Toolscope's sandbox cannot listen on port ${sandbox.port} (${error.message}); set TOOLSCOPE_SANDBOX_PORT to a free port`;
    console.error(`[toolscope] MCP Apps are off: ${sandboxState.off}`);
  });
  sandboxServer.listen(sandbox.port, host, () => {
    sandboxState.listening = true;
    sandboxState.off = null;
    console.log(`[toolscope] MCP Apps sandbox at ${sandbox.origin}`);
  });
}

// A graceful stop on SIGTERM or SIGINT (lib/server/shutdown.ts).
stopOnSignals([server, sandboxServer]);
