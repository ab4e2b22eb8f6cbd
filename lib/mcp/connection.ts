import "server-only";
// One live MCP client connection to one configured server. Connections live in the
// long-running server process and are shared by every browser tab and API caller, so that
// list_changed, progress and server-initiated requests have somewhere to arrive.
import { Client, StreamableHTTPClientTransport, type CallToolResult, type Tool, type Transport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { AppError } from "@/lib/errors";
import { describeServerTarget, type ServerConfig } from "./server-config";
import { stdioEnvironment } from "./stdio-env";
import type { ServerSnapshot } from "./types";

const CLIENT_INFO = { name: "toolscope", title: "Toolscope", version: "0.1.0" };
const CONNECT_TIMEOUT_MS = 20_000;
const PROBE_TIMEOUT_MS = 5_000;
const RETRY_AFTER_MS = 2_000;
/** Enough pages for 20,000 tools at 100 a page; a server that never stops paging fails clearly. */
const MAX_LIST_PAGES = 200;
const STDERR_TAIL_CHARS = 2_000;

export type CallOptions = {
  signal?: AbortSignal;
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
};

export class ServerConnection {
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;
  private status: ServerSnapshot["status"] = "connecting";
  private error: string | undefined;
  private lastAttemptAt = 0;
  private stderrTail = "";
  private tools: Tool[] = [];
  private toolsUpdatedAt: number | undefined;

  constructor(
    readonly config: ServerConfig,
    private readonly callTimeoutMs: number,
  ) {}

  get target(): string {
    return describeServerTarget(this.config);
  }

  /** A connected client, connecting (or reconnecting after a failure) first if needed. */
  async ready(): Promise<Client> {
    if (this.status === "ready" && this.client) return this.client;
    if (this.connecting) return this.connecting;
    if (Date.now() - this.lastAttemptAt < RETRY_AFTER_MS && this.status === "failed") {
      throw new AppError("unavailable:server", `${this.config.name} is not connected: ${this.error ?? "unknown error"}`);
    }
    this.connecting = this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private createTransport(): Transport {
    const { config } = this;
    if (config.transport === "stdio") {
      const transport = new StdioClientTransport({
        command: config.command,
        args: config.args,
        env: stdioEnvironment(config.env),
        cwd: config.cwd,
        stderr: "pipe",
      });
      transport.stderr?.on("data", (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
      });
      return transport;
    }
    return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
  }

  private async connect(): Promise<Client> {
    this.lastAttemptAt = Date.now();
    this.status = "connecting";
    this.error = undefined;
    this.stderrTail = "";
    const client = new Client(CLIENT_INFO, {
      capabilities: {},
      versionNegotiation: { mode: "auto", probe: { timeoutMs: PROBE_TIMEOUT_MS } },
      listMaxPages: MAX_LIST_PAGES,
      listChanged: {
        tools: {
          autoRefresh: true,
          debounceMs: 50,
          onChanged: (error, tools) => {
            if (this.client !== client) return;
            if (error) console.error(`[toolscope] ${this.config.id}: refreshing tools failed:`, error.message);
            else if (tools) this.setTools(tools);
          },
        },
      },
    });
    client.onclose = () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.status = "failed";
      this.error = this.describeExit("The connection closed.");
    };
    try {
      await client.connect(this.createTransport(), { timeout: CONNECT_TIMEOUT_MS });
      const { tools } = await client.listTools(undefined, { timeout: CONNECT_TIMEOUT_MS });
      this.client = client;
      this.setTools(tools);
      this.status = "ready";
      return client;
    } catch (error) {
      await client.close().catch(() => undefined);
      this.status = "failed";
      this.error = this.describeExit(error instanceof Error ? error.message : String(error));
      throw new AppError("unavailable:server", `Could not connect to ${this.config.name}: ${this.error}`);
    }
  }

  private describeExit(reason: string): string {
    const tail = this.stderrTail.trim().split("\n").slice(-3).join(" | ");
    return tail ? `${reason} (stderr: ${tail})` : reason;
  }

  private setTools(tools: Tool[]): void {
    this.tools = tools;
    this.toolsUpdatedAt = Date.now();
  }

  listTools(): Tool[] {
    return this.tools;
  }

  findTool(name: string): Tool | undefined {
    return this.tools.find((t) => t.name === name);
  }

  async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<CallToolResult> {
    const client = await this.ready();
    const tool = this.findTool(name);
    // Toolscope validates structured output itself and reports a verdict; the SDK would
    // instead reject the whole result, so it is given the definition without outputSchema.
    const toolDefinition = tool ? (({ outputSchema: _omit, ...rest }) => rest)(tool) : undefined;
    return client.callTool(
      { name, arguments: args },
      {
        toolDefinition,
        signal: options.signal,
        onprogress: options.onprogress,
        timeout: this.callTimeoutMs,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: this.callTimeoutMs * 10,
      },
    );
  }

  snapshot(): ServerSnapshot {
    const client = this.status === "ready" ? this.client : undefined;
    return {
      id: this.config.id,
      name: this.config.name,
      transport: this.config.transport,
      target: this.target,
      trusted: this.config.trusted,
      status: this.status,
      error: this.error ?? null,
      protocolVersion: client?.getNegotiatedProtocolVersion() ?? null,
      serverInfo: client?.getServerVersion() ?? null,
      instructions: client?.getInstructions() ?? null,
      capabilities: (client?.getServerCapabilities() as Record<string, unknown> | undefined) ?? null,
      toolCount: this.tools.length,
      toolsUpdatedAt: this.toolsUpdatedAt ? new Date(this.toolsUpdatedAt).toISOString() : null,
    };
  }

  protocolVersion(): string | null {
    return this.client?.getNegotiatedProtocolVersion() ?? null;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.status = "closed";
    await client?.close();
  }
}
