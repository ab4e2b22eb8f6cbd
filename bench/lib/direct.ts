// The floor: the official SDK v2 client talking straight to the demo server.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { Call } from "./measure";

export type DirectPath = { call: Call; protocolVersion: string | undefined; close: () => Promise<void> };

export const ECHO_MESSAGE = "hello from bench/call-latency";

export async function connectDirect(mcpUrl: string): Promise<DirectPath> {
  // "auto" so that this client lands on the same revision Toolscope negotiates.
  const client = new Client({ name: "toolscope-bench", version: "0.0.0" }, { capabilities: {}, versionNegotiation: { mode: "auto" } });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  // Toolscope lists the tools once per connection and passes the definition along on every
  // call; listing here too gives the SDK the same cached definition to work with.
  await client.listTools();
  const call: Call = async () => {
    const result = await client.callTool({ name: "echo", arguments: { message: ECHO_MESSAGE } });
    const first = result.content[0];
    if (result.isError || first?.type !== "text" || first.text !== ECHO_MESSAGE) {
      throw new Error(`direct echo answered unexpectedly: ${JSON.stringify(result).slice(0, 300)}`);
    }
  };
  return { call, protocolVersion: client.getNegotiatedProtocolVersion(), close: () => client.close() };
}
