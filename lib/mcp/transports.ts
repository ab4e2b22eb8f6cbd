import "server-only";
// The SDK transports for each kind of server config.
import { SSEClientTransport, StreamableHTTPClientTransport, type Client, type Transport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { StringDecoder } from "node:string_decoder";
import type { StdioConfig, UrlConfig } from "../domain/server-config";
import { appConfig } from "@/lib/config/env";
import { stdioEnvironment } from "./stdio-env";
import { connectionAuthProvider, oauthFetch } from "@/lib/oauth/oauth-target";
import type { Principal } from "@/lib/oauth/oauth-store";
import { watchChallenges, type ChallengeListener } from "@/lib/oauth/challenges";

export type ActiveTransport = "stdio" | "streamable-http" | "sse";

/** After the SDK's close has sent SIGKILL, how long a stdio server's process may take to be gone. */
const KILLED_WITHIN_MS = 1_000;

/**
 * Closes a transport and, for a stdio server, resolves only once its process is gone. The SDK's
 * close ends stdin, waits up to 2 s, sends SIGTERM, waits up to 2 s more, sends SIGKILL and
 * returns without waiting: a Toolscope that exited then would leave the process behind.
 */
export async function closeTransport(transport: Transport): Promise<void> {
  // Read before closing: the SDK forgets the process as it starts to close it.
  const pid = transport instanceof StdioClientTransport ? transport.pid : null;
  await transport.close().catch(() => undefined);
  if (pid === null) return;
  // Signal 0 only asks; this process reaps its child meanwhile (a zombie would still answer).
  const deadline = Date.now() + KILLED_WITHIN_MS;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A connect under way: what a connection's close must stop, or its process runs until the connect times out. */
export type Attempt = { client: Client; transport: Transport };

/** Ends an attempt's process, or the connected one's (or the version probe's, which the transport's close aborts). */
export async function stopAttempt({ client, transport }: Attempt): Promise<void> {
  // The transport first: the client's close closes it too, and the process must still be known.
  const ending = closeTransport(transport);
  await Promise.all([client.close().catch(() => undefined), ending]);
}

export function stdioTransport(config: StdioConfig, onStderr: (chunk: string) => void): StdioClientTransport {
  const transport = new StdioClientTransport({
    command: config.command,
    args: config.args,
    env: stdioEnvironment(config.env),
    cwd: config.cwd,
    stderr: "pipe",
    // The most of one message held in memory (the SDK's default is 10 MB).
    maxBufferSize: appConfig().limits.maxResultBytes,
  });
  // One decoder for the stream, so that a character split between two chunks is not garbled.
  const decoder = new StringDecoder("utf8");
  transport.stderr?.on("data", (chunk: Buffer) => onStderr(decoder.write(chunk)));
  return transport;
}

/**
 * The SDK's HTTP transport for a URL server, authorizing with OAuth for `principal` when the
 * server asks (lib/oauth). A 403 insufficient_scope is thrown to Toolscope rather than handled
 * by the SDK: widening access needs the person's consent, asked for in the UI.
 */
export function urlTransport(
  config: UrlConfig,
  kind: "streamable-http" | "sse",
  principal: Principal,
  onChallenge: ChallengeListener,
): Transport {
  const url = new URL(config.url);
  const authProvider = connectionAuthProvider(config, principal);
  const options = {
    requestInit: { headers: config.headers },
    // DPoP innermost: a resource server's nonce challenge is answered there, not taken for a refusal.
    fetch: watchChallenges(authProvider.withDpop(oauthFetch(config, principal)), config.url, onChallenge),
    authProvider,
    onInsufficientScope: "throw" as const,
  };
  return kind === "sse" ? new SSEClientTransport(url, options) : new StreamableHTTPClientTransport(url, options);
}

/** The transports to try, in order, for a config. */
export function transportPlan(config: StdioConfig | UrlConfig): ActiveTransport[] {
  if (config.transport === "stdio") return ["stdio"];
  if (config.transport === "auto") return ["streamable-http", "sse"];
  return [config.transport];
}

/** What a connection hears from its transport besides messages: a stdio server's stderr, an OAuth challenge. */
export type TransportHooks = { principal: Principal; onStderr: (chunk: string) => void; onChallenge: ChallengeListener };

/**
 * Makes the transport a connection uses for one attempt over `kind`. The connection takes one
 * (ServerConnection's `transports`): tests hand it an in-memory pair with the server in process.
 */
export type TransportFactory = (config: StdioConfig | UrlConfig, kind: ActiveTransport, hooks: TransportHooks) => Transport;

/** The real ones: a child process for stdio, Streamable HTTP or legacy SSE for a URL. */
export const sdkTransports: TransportFactory = (config, kind, hooks) =>
  config.transport === "stdio"
    ? stdioTransport(config, hooks.onStderr)
    : urlTransport(config, kind === "sse" ? "sse" : "streamable-http", hooks.principal, hooks.onChallenge);
