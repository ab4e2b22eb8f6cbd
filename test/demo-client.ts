// Test helpers: connect the official SDK client to the demo server over a real transport.
import path from "node:path";
import { Client, StreamableHTTPClientTransport, type Tool } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/demo-server/http";
import { programArgs } from "./programs";

export type Era = "2026" | "2025";
export type TransportKind = "stdio" | "http";

export const DEMO_CLI = path.resolve(import.meta.dirname, "..", "lib", "demo-server", "cli.ts");

export type DemoSession = {
  client: Client;
  toolsChanged: () => number;
  latestTools: () => Tool[] | null;
  close: () => Promise<void>;
};

export async function connectDemo(kind: TransportKind, era: Era, env: Record<string, string> = {}): Promise<DemoSession> {
  let http: DemoHttpServer | undefined;
  let changes = 0;
  let latest: Tool[] | null = null;
  const client = new Client(
    { name: "toolscope-tests", version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {} } },
      versionNegotiation: { mode: era === "2026" ? { pin: "2026-07-28" } : "legacy" },
      listMaxPages: 0,
      listChanged: {
        tools: {
          debounceMs: 10,
          onChanged: (error, tools) => {
            if (!error) {
              changes++;
              latest = tools;
            }
          },
        },
      },
    },
  );
  client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { confirm: true, urgency: "high" } }));
  if (kind === "stdio") {
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [...programArgs(DEMO_CLI), "stdio"],
        env: { ...process.env, ...env } as Record<string, string>,
        stderr: "pipe",
      }),
    );
  } else {
    http = await startDemoHttpServer({
      generatedTools: Number(env.TOOLSCOPE_DEMO_TOOLS ?? 0),
      pageSize: Number(env.TOOLSCOPE_DEMO_PAGE_SIZE ?? 100),
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
  }
  return {
    client,
    toolsChanged: () => changes,
    latestTools: () => latest,
    close: async () => {
      await client.close();
      await http?.close();
    },
  };
}
