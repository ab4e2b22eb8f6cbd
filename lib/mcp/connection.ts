import "server-only";
// One live MCP client connection to one configured server. Connections live in the
// long-running server process and are shared by every browser tab and API caller, so that
// list_changed, progress and server-initiated requests have somewhere to arrive. A dead
// server is reconnected with backoff and never affects the others.
import { explainConnectFailure, plainText, serverEndOf, type TransportFailure } from "./connect-failure";
import { stderrLogFor, type StderrLine, type StderrLog } from "./stderr-log";
import { StatusTimes } from "./status-times";
import { Client, InsufficientScopeError, type Tool, type Transport } from "@modelcontextprotocol/client";
import { stdioAllowed } from "@/lib/auth/hosting";
import { AppError } from "@/lib/errors";
import { listAllTools, type ToolList } from "./list-tools";
import { ListedTools } from "./listed-tools";
import { FirstListing } from "./first-listing";
import { Subscribers } from "./subscribers";
import type { ConnectionEvent } from "./connection-event";
import { ReconnectPolicy } from "./reconnect-policy";
import { keepListening } from "./keep-listening";
import { describeServerTarget, publicConfig, scrubSecrets, type ServerConfig } from "../domain/server-config";
import { ToolListFilter } from "./tool-list-filter";
import { isAuthorizationError } from "./authorization-error";
import { sdkTransports, stopAttempt, transportPlan, type ActiveTransport, type Attempt, type TransportFactory } from "./transports";
import type { ServerSnapshot, ServerStatus, ToolCatalog } from "../domain/mcp-types";
import type { ServerSource } from "./registry";
import { outsideAnyCall } from "./user-input";
import { CONNECT_TIMEOUT_MS, LISTS, sessionClient, sessionFacts, startSession, type ListName } from "./session";
import { notifyToolCall, sendTaskRequest, sendToolCall, type CallOptions } from "./send-tool-call";
import type { Challenge } from "@/lib/oauth/challenges";
import { SHARED, type Principal } from "@/lib/oauth/oauth-store";
import { TargetAuthorization } from "./target-authorization";

export { MAX_TOTAL_FACTOR, type CallOptions } from "./send-tool-call";
export type { ConnectionEvent } from "./connection-event";

export class ServerConnection {
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;
  private attempt: Attempt | undefined;
  private status: ServerStatus = "connecting";
  private error: string | undefined;
  private readonly reconnect = new ReconnectPolicy(() => {
    if (!this.closed && this.status === "failed") this.ready().catch(() => undefined);
  });
  private closed = false;
  private readonly stderr: StderrLog;
  private readonly times = new StatusTimes();
  private activeTransport: ActiveTransport | undefined;
  /** The tools as last listed; `lintSettled()` waits for their schemas' lint. */
  readonly listed = new ListedTools((lint, toolsUpdatedAt) => this.listeners.emit({ type: "lint", lint, toolsUpdatedAt }));
  private readonly listeners = new Subscribers<ConnectionEvent>();
  /** The first listing's tools as they arrive (first-listing.ts). */
  readonly arriving = new FirstListing(this.listeners);
  /** One per client: sets malformed tools aside before the SDK's strict decoder sees them. */
  private readonly filters = new WeakMap<Client, ToolListFilter>();
  /** Each client's own transport, so that close() can wait for a stdio server's process to be gone. */
  private readonly transports = new WeakMap<Client, Transport>();
  private readonly authorization: TargetAuthorization;
  /** Calls and task requests under way (an idle person's connection is closed only without any). */
  private inFlight = 0;

  private current: ServerConfig;

  constructor(
    config: ServerConfig,
    readonly source: ServerSource,
    private readonly defaultTimeoutMs: number,
    /** Whose OAuth authorization it uses (lib/oauth/oauth-target.ts). */
    readonly principal: Principal = SHARED,
    /** How each attempt's transport is made (transports.ts): the SDK's own, or a test's in-memory pair. */
    private readonly makeTransport: TransportFactory = sdkTransports,
  ) {
    this.current = config;
    this.stderr = stderrLogFor(config);
    this.authorization = new TargetAuthorization(config, principal);
  }

  get config(): ServerConfig {
    return this.current;
  }

  /**
   * Whether the server is trusted changes what Toolscope believes of it, not how it talks to it:
   * the connection (a stdio process, calls under way) stays, with the new setting.
   */
  retrust(config: ServerConfig): void {
    this.current = config;
  }

  get target(): string {
    return describeServerTarget(this.config);
  }

  get callTimeoutMs(): number {
    return this.config.timeoutMs ?? this.defaultTimeoutMs;
  }

  subscribe(listener: (event: ConnectionEvent) => void): () => void {
    return this.listeners.add(listener);
  }

  private setStatus(status: ServerStatus, error?: string): void {
    this.status = status;
    this.times.record(status);
    // Never markup in a status: a server's HTML error page is named, not shown.
    this.error = error === undefined ? undefined : scrubSecrets(this.config, plainText(error));
    this.listeners.emit({ type: "status", snapshot: this.snapshot() });
  }

  /** A connected client, connecting (or reconnecting after a failure) first if needed. */
  async ready(): Promise<Client> {
    if (this.closed) throw this.removed();
    if (this.status === "ready" && this.client) return this.client;
    if (this.connecting) return this.connecting;
    if (this.status === "unauthorized") throw this.authorization.unauthorized();
    if (this.status === "failed" && this.reconnect.waiting()) {
      throw new AppError("unavailable:server", `${this.config.name} is not connected: ${this.error ?? "unknown error"}`);
    }
    // Opened outside the asking call's context: a stdio process or stream it starts is no one call's (user-input.ts).
    this.connecting = outsideAnyCall(() => this.connect()).finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private newClient(): Client {
    const client = sessionClient(this.config, this.principal, (changed, list) => this.listChanged(changed, list));
    client.onclose = () => {
      if (this.client !== client || this.closed) return;
      this.client = undefined;
      this.fail(this.stderr.withTail("The connection closed."));
    };
    return client;
  }

  private removed(): AppError {
    return new AppError("unavailable:server", `${this.config.name} was removed.`);
  }

  /** Connects over one transport and lists the tools; whatever fails (or a close meanwhile) ends the process. */
  private async connectWith(kind: ActiveTransport): Promise<{ client: Client; list: ToolList }> {
    const client = this.newClient();
    const transport: Transport = this.makeTransport(this.config, kind, {
      principal: this.principal,
      onStderr: (chunk) => this.stderr.append(chunk),
      onChallenge: (challenge) => this.authorization.heard(challenge),
    });
    const filter = new ToolListFilter((page, first) => this.arriving.heard(page, first));
    this.filters.set(client, filter);
    this.transports.set(client, transport);
    const attempt: Attempt = { client, transport };
    this.attempt = attempt;
    try {
      const list = await startSession(attempt, filter);
      if (this.closed) {
        await stopAttempt(attempt);
        throw this.removed();
      }
      return { client, list };
    } catch (error) {
      throw this.closed ? this.removed() : error;
    } finally {
      if (this.attempt === attempt) this.attempt = undefined;
    }
  }

  private async connect(): Promise<Client> {
    this.setStatus("connecting");
    if (this.listed.summary().toolsUpdatedAt === null) this.arriving.begin();
    this.stderr.started();
    // A command added through the UI or API before Toolscope was hosted is not started once it is.
    if (this.config.transport === "stdio" && this.source === "database") {
      const decision = await stdioAllowed(this.config);
      if (!decision.allowed) {
        this.fail(decision.reason);
        throw new AppError("unavailable:server", `${this.config.name} is not started: ${decision.reason}`);
      }
    }
    const reasons: string[] = [];
    const failures: TransportFailure[] = [];
    const plan = transportPlan(this.config);
    for (let i = 0; i < plan.length; i++) {
      const kind = plan[i]!;
      if (this.closed) throw this.removed();
      try {
        const { client, list } = await this.connectWith(kind);
        this.client = client;
        this.activeTransport = kind;
        this.reconnect.succeeded();
        keepListening(client, client.autoOpenedSubscription, {
          current: () => this.client === client && !this.closed,
          refresh: async () => LISTS.forEach((list) => this.listChanged(client, list)),
          serverId: this.config.id,
        });
        await this.authorization.noteGrant();
        this.setTools(list);
        this.setStatus("ready");
        return client;
      } catch (error) {
        if (error instanceof AppError) throw error;
        // Another transport would be asked the same; waiting and retrying cannot help either,
        // unless the grant still holds a refresh token (the authorization server was unreachable).
        if (isAuthorizationError(error)) {
          if (!InsufficientScopeError.isInstance(error) && (await this.authorization.refreshStillPossible())) {
            reasons.push(
              `${kind}: the authorization server could not refresh the token (${error instanceof Error ? error.message : String(error)}); retrying`,
            );
            break;
          }
          this.requireAuthorization();
          throw this.authorization.unauthorized();
        }
        if (this.authorization.acceptedLegacyIssuer(error)) {
          i--; // the same transport again, now accepting it
          continue;
        }
        failures.push({ transport: kind, error });
      }
    }
    // A passing refresh failure says so itself; otherwise one line a person can act on.
    const reason =
      reasons.length > 0
        ? this.stderr.withTail(reasons.join(" · "))
        : explainConnectFailure(serverEndOf(this.config, this.stderr.currentText(), CONNECT_TIMEOUT_MS), failures);
    this.fail(reason);
    throw new AppError("unavailable:server", `Could not connect to ${this.config.name}: ${reason}`);
  }

  /** The server refused without an authorization Toolscope can use: wait for someone to authorize. */
  private requireAuthorization(): void {
    this.authorization.used = true;
    this.reconnect.cancel();
    const client = this.client;
    this.client = undefined;
    if (client) void client.close().catch(() => undefined);
    this.setStatus("unauthorized", "Authorization required.");
  }

  /** An authorization was just completed for this connection's principal: connect with it now. */
  reauthorized(): void {
    if (this.closed) return;
    this.authorization.used = true;
    if (this.status === "ready") return; // the next request sends the new token
    this.reconnect.reset();
    if (this.status === "unauthorized") this.status = "failed";
    this.ready().catch(() => undefined);
  }

  /** Drops the session and connects again (the authorization it used was revoked). */
  async restart(): Promise<void> {
    if (this.closed) return;
    const client = this.client;
    this.client = undefined;
    this.reconnect.cancel();
    this.reconnect.reset();
    this.status = "failed";
    await client?.close().catch(() => undefined);
    this.ready().catch(() => undefined);
  }

  /** Someone asked to connect now: a failed server skips the wait before its next attempt; a connected one is left alone. */
  async retryNow(): Promise<void> {
    if (this.status === "failed") this.reconnect.skipWait();
    await this.ready();
  }

  /** What a stdio server last wrote to stderr, masked (stderr-log.ts). */
  stderrLines(): StderrLine[] {
    return this.stderr.lines();
  }

  /** Whether the server asked for OAuth (and so each person may need their own connection). */
  needsAuthorization(): boolean {
    return this.authorization.used || this.status === "unauthorized";
  }

  /** The scope the server last named in a challenge, and its resource metadata URL. */
  lastChallenge(): Challenge | undefined {
    return this.authorization.challenge;
  }

  /** Records a failure and schedules the next attempt with backoff. */
  private fail(reason: string): void {
    this.reconnect.failed();
    this.setStatus("failed", reason);
  }

  /** Tools are listed again here; the pages that show resources or prompts list them again themselves. */
  private listChanged(client: Client, list: ListName): void {
    if (list === "tools") void this.refreshTools(client, true);
    else if (this.client === client) this.listeners.emit({ type: "list", list });
  }

  private async refreshTools(client: Client, announced = false): Promise<void> {
    if (this.client !== client) return;
    try {
      const list = await listAllTools(client, CONNECT_TIMEOUT_MS, this.filters.get(client));
      if (this.client === client) this.setTools(list, announced);
    } catch (error) {
      console.error(`[toolscope] ${this.config.id}: refreshing tools failed:`, error instanceof Error ? error.message : error);
    }
  }

  /** Lists the tools again, when connected: another process heard the server announce a change (lib/cluster) this one may have missed. */
  async refreshListedTools(): Promise<void> {
    if (this.status === "ready" && this.client) await this.refreshTools(this.client);
  }

  private setTools(list: ToolList, announced = false): void {
    this.listed.replace(list, announced);
    this.listeners.emit({ type: "tools", snapshot: this.snapshot(), catalog: this.catalog(), announced });
  }

  /** The tool list as the browser sees it: valid tools, invalid ones with reasons, lint. */
  catalog(): ToolCatalog {
    return this.listed.catalog();
  }

  /** Connected now: a call can be sent without waiting. */
  isReady(): boolean {
    return this.status === "ready" && this.client !== undefined;
  }

  findTool(name: string): Tool | undefined {
    return this.listed.find(name);
  }

  /**
   * Sends one tools/call and answers with the server's result as sent: Toolscope reads it itself, block by block
   * (lib/calls/parse-result.ts), so one malformed block cannot lose the rest. Every call leaves through here, so the
   * per-call timeout (reset by progress) and the maximum total time (MAX_TOTAL_FACTOR × the timeout) are decided here.
   */
  async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<unknown> {
    this.inFlight++;
    try {
      return await this.sendToolCall(name, args, options);
    } finally {
      this.inFlight--;
    }
  }

  hasCallsInFlight(): boolean {
    return this.inFlight > 0;
  }

  private async sendToolCall(name: string, args: Record<string, unknown>, options: CallOptions): Promise<unknown> {
    const client = await this.ready();
    try {
      return await sendToolCall(client, { name, args, tool: this.findTool(name), timeoutMs: this.callTimeoutMs }, options);
    } catch (error) {
      // A narrower scope than the call needs leaves the connection usable; no authorization at all does not.
      if (isAuthorizationError(error) && !InsufficientScopeError.isInstance(error) && this.client === client)
        void this.authorization.refreshStillPossible().then((possible) => {
          if (!possible && this.client === client) this.requireAuthorization();
        });
      throw error;
    }
  }

  /** Sends tools/call as a notification: no id, so the server never answers (the console can do this). */
  async notifyToolCall(name: string, args: Record<string, unknown>, meta?: Record<string, unknown>): Promise<void> {
    await notifyToolCall(await this.ready(), name, args, meta);
  }

  /** A task's request (tasks/get, tasks/result, tasks/cancel), answered as sent. */
  async taskRequest(method: "tasks/get" | "tasks/result" | "tasks/cancel", taskId: string, signal?: AbortSignal): Promise<unknown> {
    return sendTaskRequest(await this.ready(), method, taskId, this.callTimeoutMs, signal);
  }

  snapshot(): ServerSnapshot {
    const client = this.status === "ready" ? this.client : undefined;
    return {
      id: this.config.id,
      name: this.config.name,
      source: this.source,
      transport: this.config.transport,
      target: this.target,
      config: publicConfig(this.config),
      trusted: this.config.trusted,
      timeoutMs: this.config.timeoutMs ?? null,
      status: this.status,
      error: this.error ?? null,
      ...sessionFacts(client, this.activeTransport),
      ...this.listed.summary(),
      ...this.times.view(this.status, this.reconnect.nextAttempt()),
      oauth: this.authorization.view(this.status === "unauthorized"),
    };
  }

  /** A transport failure during a call, told with what is known of the server's end. */
  explainTransportFailure(message: string): string {
    const base = `The connection to ${this.config.name} failed during the call: ${message}`;
    return scrubSecrets(this.config, this.config.transport === "stdio" ? this.stderr.withTail(base) : base);
  }

  protocolVersion(): string | null {
    return this.client?.getNegotiatedProtocolVersion() ?? null;
  }

  /** Closes the connection for good (the server was removed or reconfigured, Toolscope stops); a stdio server's process is gone when it resolves. */
  async close(): Promise<void> {
    this.closed = true;
    this.reconnect.cancel();
    const client = this.client;
    const attempt = this.attempt;
    this.client = undefined;
    this.attempt = undefined;
    this.setStatus("closed");
    this.listeners.clear();
    const transport = client && this.transports.get(client);
    await Promise.all([
      client && transport ? stopAttempt({ client, transport }) : client?.close().catch(() => undefined),
      attempt && stopAttempt(attempt),
    ]);
  }
}
