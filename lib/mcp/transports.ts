import "server-only";
// The SDK transports for each kind of server config.
import { SSEClientTransport, StreamableHTTPClientTransport, type Transport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { StdioConfig, UrlConfig } from "./server-config";
import { appConfig } from "@/lib/config/env";
import { stdioEnvironment } from "./stdio-env";
import { transportFetch } from "./transport-fetch";

export type ActiveTransport = "stdio" | "streamable-http" | "sse";

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
  transport.stderr?.on("data", (chunk: Buffer) => onStderr(chunk.toString("utf8")));
  return transport;
}

export function urlTransport(config: UrlConfig, kind: "streamable-http" | "sse"): Transport {
  const url = new URL(config.url);
  const options = { requestInit: { headers: config.headers }, fetch: transportFetch };
  return kind === "sse" ? new SSEClientTransport(url, options) : new StreamableHTTPClientTransport(url, options);
}

/** The transports to try, in order, for a config. */
export function transportPlan(config: StdioConfig | UrlConfig): ActiveTransport[] {
  if (config.transport === "stdio") return ["stdio"];
  if (config.transport === "auto") return ["streamable-http", "sse"];
  return [config.transport];
}
