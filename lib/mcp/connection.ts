import "server-only";
// One live MCP client connection to one configured server. Connections live in the
// long-running server process and are shared by every browser tab and API caller, so that
// list_changed, progress and server-initiated requests have somewhere to arrive. A dead
// server is reconnected with backoff and never affects the others.
import { explainConnectFailure, plainText, type ServerEnd, type TransportFailure } from "./connect-failure";
import { stdioEnvironment } from "./stdio-env";
import { stderrLogFor, type StderrLine, type StderrLog } from "./stderr-log";
import { StatusTimes } from "./status-times";
import { pathToFileURL } from "node:url";
import {
  Client,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  InsufficientScopeError,
  type McpSubscription,
  type StandardSchemaV1,
  type Tool,
  type Transport,
} from "@modelcontextprotocol/client";
import { stdioAllowed } from "@/lib/auth/hosting";
import { AppError } from "@/lib/errors";
import { listAllTools, MAX_LIST_PAGES, type InvalidTool, type ToolList } from "./list-tools";
import { describeServerTarget, publicConfig, scrubSecrets, type ServerConfig } from "../domain/server-config";
import { lintTools, type ToolLint } from "./tool-lint";
import { ToolListFilter } from "./tool-list-filter";
import { isAuthorizationError } from "./authorization-error";
import { stdioTransport, stopAttempt, transportPlan, urlTransport, type ActiveTransport, type Attempt } from "./transports";
import type { ServerSnapshot, ServerStatus, ToolCatalog } from "../domain/mcp-types";
import type { ServerSource } from "./registry";
import { ToolscopeClient } from "./toolscope-client";
import { declaresXMcpHeader } from "./x-mcp-header";
import { outsideAnyCall, requestUserInput } from "./user-input";
import type { Challenge } from "@/lib/oauth/challenges";
import { readGrant, SHARED, type Principal } from "@/lib/oauth/oauth-store";
import { journalFor } from "@/lib/oauth/journal";
import { sharedAuthorizationInUse } from "@/lib/oauth/oauth-target";
import { acceptLegacyIssuer, isSameOriginLegacyIssuer, legacyIssuerAccepted } from "@/lib/oauth/legacy-issuer";

const CLIENT_INFO = { name: "toolscope", title: "Toolscope", version: "0.1.0" };
const CONNECT_TIMEOUT_MS = 20_000;
// How long the revision probe waits before settling for a 2025-era session. Over stdio the probe
// starts a second copy of the server, which on a busy machine (node --import tsx compiling on 2
// shared cores) took over 5 s and quietly downgraded a 2026-07-28 server; a server that answers
// at all answers well inside this.
const PROBE_TIMEOUT_MS = 15_000;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export type CallOptions = {
  signal?: AbortSignal;
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** _meta to send with the request (the SDK adds the progress token to it). */
  meta?: Record<string, unknown>;
  /** Run as a task (2025-11-25): the server answers at once with the task to poll. */
  task?: { ttl?: number };
};

/** A call may run this many times its timeout in all, however much progress it reports. */
export const MAX_TOTAL_FACTOR = 10;

/** Takes a result as the server sent it; Toolscope reads it itself. */
const AS_SENT: StandardSchemaV1<unknown> = { "~standard": { version: 1, vendor: "toolscope", validate: (value) => ({ value }) } };

/** `announced`: the list was refreshed because the server said it changed (notifications/tools/list_changed). */
export type ConnectionEvent =
  { type: "status"; snapshot: ServerSnapshot } | { type: "tools"; snapshot: ServerSnapshot; catalog: ToolCatalog; announced: boolean };

export class ServerConnection {
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;
  private attempt: Attempt | undefined;
  private status: ServerStatus = "connecting";
  private error: string | undefined;
  private failures = 0;
  private nextAttemptAt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly stderr: StderrLog;
  private readonly times = new StatusTimes();
  private activeTransport: ActiveTransport | undefined;
  private tools: Tool[] = [];
  private invalidTools: InvalidTool[] = [];
  private lint: ToolLint = {};
  private listWarning: string | null = null;
  private toolsUpdatedAt: number | undefined;
  private readonly listeners = new Set<(event: ConnectionEvent) => void>();
  /** One per client: sets malformed tools aside before the SDK's strict decoder sees them. */
  private readonly filters = new WeakMap<Client, ToolListFilter>();
  /** Each client's own transport, so that close() can wait for a stdio server's process to be gone. */
  private readonly transports = new WeakMap<Client, Transport>();
  /** The server's last 401 or 403 challenge: what it asked for. */
  private challenge: Challenge | undefined;
  /** The server asked for OAuth, or tokens were sent: the connection is an authorized one. */
  private usesOAuth = false;
  /** Calls and task requests under way (an idle person's connection is closed only without any). */
  private inFlight = 0;

  constructor(
    readonly config: ServerConfig,
    readonly source: ServerSource,
    private readonly defaultTimeoutMs: number,
    /** Whose OAuth authorization it uses (lib/oauth/oauth-target.ts). */
    readonly principal: Principal = SHARED,
  ) {
    this.stderr = stderrLogFor(config);
  }

  get target(): string {
    return describeServerTarget(this.config);
  }

  private get callTimeoutMs(): number {
    return this.config.timeoutMs ?? this.defaultTimeoutMs;
  }

  subscribe(listener: (event: ConnectionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: ConnectionEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error("[toolscope] connection listener failed:", error);
      }
    }
  }

  private setStatus(status: ServerStatus, error?: string): void {
    this.status = status;
    this.times.record(status);
    // Never markup in a status: a server's HTML error page is named, not shown.
    this.error = error === undefined ? undefined : scrubSecrets(this.config, plainText(error));
    this.emit({ type: "status", snapshot: this.snapshot() });
  }

  /** A connected client, connecting (or reconnecting after a failure) first if needed. */
  async ready(): Promise<Client> {
    if (this.closed) throw this.removed();
    if (this.status === "ready" && this.client) return this.client;
    if (this.connecting) return this.connecting;
    if (this.status === "unauthorized") throw this.unauthorized();
    if (this.status === "failed" && Date.now() < this.nextAttemptAt) {
      throw new AppError("unavailable:server", `${this.config.name} is not connected: ${this.error ?? "unknown error"}`);
    }
    // Opened outside the asking call's context: a stdio process or stream it starts is no one call's (user-input.ts).
    this.connecting = outsideAnyCall(() => this.connect()).finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private newClient(): Client {
    const client = new ToolscopeClient(CLIENT_INFO, {
      capabilities: { elicitation: { form: {} }, sampling: {}, roots: { listChanged: false } },
      versionNegotiation: { mode: "auto", probe: { timeoutMs: PROBE_TIMEOUT_MS } },
      listMaxPages: MAX_LIST_PAGES,
      listChanged: {
        // Toolscope refreshes the list itself, so that a malformed tool cannot lose the catalog.
        tools: { autoRefresh: false, debounceMs: 50, onChanged: () => void this.refreshTools(client, true) },
      },
    });
    this.answerServerRequests(client);
    client.onclose = () => {
      if (this.client !== client || this.closed) return;
      this.client = undefined;
      this.fail(this.describeExit("The connection closed."));
    };
    return client;
  }

  /** Requests the server makes of Toolscope: elicitation and sampling go to the user, roots come from the config. */
  private answerServerRequests(client: Client): void {
    const serverId = this.config.id;
    // A person's own connection asks only that person.
    const owner = this.principal === SHARED ? undefined : this.principal;
    client.setRequestHandler("elicitation/create", async (request, ctx) => {
      const answer = await requestUserInput(serverId, "elicitation", request.params, ctx.mcpReq.signal, owner);
      if (answer === null) return { action: "decline" };
      if (!answer) return { action: "cancel" };
      return answer.action === "accept"
        ? { action: "accept", content: (answer.content ?? {}) as Record<string, string | number | boolean | string[]> }
        : { action: answer.action };
    });
    client.setRequestHandler("sampling/createMessage", async (request, ctx) => {
      const answer = await requestUserInput(serverId, "sampling", request.params, ctx.mcpReq.signal, owner);
      if (answer?.action !== "accept" || answer.text === undefined) throw new ProtocolError(-1, "The user declined the sampling request.");
      return {
        role: "assistant",
        content: { type: "text", text: answer.text },
        model: "human (answered in Toolscope)",
        stopReason: "endTurn",
      };
    });
    client.setRequestHandler("roots/list", () => ({ roots: this.roots() }));
  }

  private roots(): { uri: string; name?: string }[] {
    if (this.config.roots) return this.config.roots;
    if (this.config.transport === "stdio" && this.config.cwd)
      return [{ uri: pathToFileURL(this.config.cwd).href, name: "Working directory" }];
    return [];
  }

  private removed(): AppError {
    return new AppError("unavailable:server", `${this.config.name} was removed.`);
  }

  /** Connects over one transport and lists the tools; whatever fails (or a close meanwhile) ends the process. */
  private async connectWith(kind: ActiveTransport): Promise<{ client: Client; list: ToolList }> {
    const client = this.newClient();
    const transport: Transport =
      this.config.transport === "stdio"
        ? stdioTransport(this.config, (chunk) => this.stderr.append(chunk))
        : urlTransport(this.config, kind === "sse" ? "sse" : "streamable-http", this.principal, (challenge) => {
            this.challenge = challenge;
            this.usesOAuth = true;
          });
    const filter = new ToolListFilter();
    this.filters.set(client, filter);
    this.transports.set(client, transport);
    const attempt: Attempt = { client, transport };
    this.attempt = attempt;
    try {
      await client.connect(filter.wrap(transport), { timeout: CONNECT_TIMEOUT_MS });
      const list = await listAllTools(client, CONNECT_TIMEOUT_MS, filter);
      if (this.closed) throw this.removed();
      return { client, list };
    } catch (error) {
      await stopAttempt(attempt);
      throw this.closed ? this.removed() : error;
    } finally {
      if (this.attempt === attempt) this.attempt = undefined;
    }
  }

  private async connect(): Promise<Client> {
    this.setStatus("connecting");
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
        this.failures = 0;
        this.keepListening(client, client.autoOpenedSubscription);
        if (this.config.transport !== "stdio" && (await readGrant(this.config.id, this.principal))?.tokens) this.usesOAuth = true;
        this.setTools(list);
        this.setStatus("ready");
        return client;
      } catch (error) {
        if (error instanceof AppError) throw error;
        // Another transport would be asked the same; waiting and retrying cannot help either,
        // unless the grant still holds a refresh token (the authorization server was unreachable).
        if (isAuthorizationError(error)) {
          if (!InsufficientScopeError.isInstance(error) && (await this.refreshStillPossible())) {
            reasons.push(
              `${kind}: the authorization server could not refresh the token (${error instanceof Error ? error.message : String(error)}); retrying`,
            );
            break;
          }
          this.requireAuthorization();
          throw this.unauthorized();
        }
        if (this.config.transport !== "stdio" && !legacyIssuerAccepted(this.config) && isSameOriginLegacyIssuer(error, this.config)) {
          acceptLegacyIssuer(this.config);
          journalFor(this.config.id, this.principal).record({
            step: "server-metadata",
            ok: true,
            summary: `Accepted issuer ${(error as { received?: string }).received} named by metadata on the server's own origin (a 2025-03-26 server without protected resource metadata)`,
          });
          i--; // the same transport again, now accepting it
          continue;
        }
        failures.push({ transport: kind, error });
      }
    }
    // A passing refresh failure says so itself; otherwise one line a person can act on.
    const reason = reasons.length > 0 ? this.describeExit(reasons.join(" · ")) : explainConnectFailure(this.serverEnd(), failures);
    this.fail(reason);
    throw new AppError("unavailable:server", `Could not connect to ${this.config.name}: ${reason}`);
  }

  private unauthorized(): AppError {
    return new AppError(
      "forbidden:server_authorization",
      `${this.config.name} asks for OAuth authorization: authorize Toolscope on the server's page.`,
    );
  }

  /** Whether the grant still holds a refresh token (a refused refresh deletes it): a failure to refresh was then a passing one. */
  private async refreshStillPossible(): Promise<boolean> {
    if (this.config.transport === "stdio") return false;
    if (this.principal === SHARED && !(await sharedAuthorizationInUse(this.config))) return false;
    return Boolean((await readGrant(this.config.id, this.principal))?.tokens?.refresh_token);
  }

  /** The server refused without an authorization Toolscope can use: wait for someone to authorize. */
  private requireAuthorization(): void {
    this.usesOAuth = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    if (client) void client.close().catch(() => undefined);
    this.setStatus("unauthorized", "Authorization required.");
  }

  /** An authorization was just completed for this connection's principal: connect with it now. */
  reauthorized(): void {
    if (this.closed) return;
    this.usesOAuth = true;
    if (this.status === "ready") return; // the next request sends the new token
    this.failures = 0;
    this.nextAttemptAt = 0;
    if (this.status === "unauthorized") this.status = "failed";
    this.ready().catch(() => undefined);
  }

  /** Drops the session and connects again (the authorization it used was revoked). */
  async restart(): Promise<void> {
    if (this.closed) return;
    const client = this.client;
    this.client = undefined;
    clearTimeout(this.retryTimer);
    this.failures = 0;
    this.nextAttemptAt = 0;
    this.status = "failed";
    await client?.close().catch(() => undefined);
    this.ready().catch(() => undefined);
  }

  /** Someone asked to connect now: a failed server skips the wait before its next attempt; a connected one is left alone. */
  async retryNow(): Promise<void> {
    if (this.status === "failed") this.nextAttemptAt = 0;
    await this.ready();
  }

  /** What a stdio server last wrote to stderr, masked (stderr-log.ts). */
  stderrLines(): StderrLine[] {
    return this.stderr.lines();
  }

  /** Whether the server asked for OAuth (and so each person may need their own connection). */
  needsAuthorization(): boolean {
    return this.usesOAuth || this.status === "unauthorized";
  }

  /** The scope the server last named in a challenge, and its resource metadata URL. */
  lastChallenge(): Challenge | undefined {
    return this.challenge;
  }

  /** Records a failure and schedules the next attempt with backoff. */
  private fail(reason: string): void {
    const delay = BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)]!;
    this.failures++;
    this.nextAttemptAt = Date.now() + delay;
    this.setStatus("failed", reason);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (!this.closed && this.status === "failed") this.ready().catch(() => undefined);
    }, delay);
    this.retryTimer.unref();
  }

  /**
   * On 2026-07-28 connections list changes arrive on a subscriptions/listen stream, which
   * the SDK does not reopen when the server ends it (gracefully, as on a restart, or by
   * dropping it). Reopen it with backoff, and refresh the tools, since changes may have
   * been missed while it was closed.
   */
  private keepListening(client: Client, subscription: McpSubscription | undefined, attempt = 0): void {
    if (!subscription) return;
    void subscription.closed.then(async (reason) => {
      if (reason === "local" || this.client !== client || this.closed) return;
      await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]).unref());
      if (this.client !== client || this.closed) return;
      try {
        const next = await client.listen({ toolsListChanged: true });
        await this.refreshTools(client);
        this.keepListening(client, next, 0);
      } catch (error) {
        console.error(
          `[toolscope] ${this.config.id}: reopening subscriptions/listen failed:`,
          error instanceof Error ? error.message : error,
        );
        this.keepListening(client, subscription, attempt + 1);
      }
    });
  }

  /** The server's end of the connection, as a failure to connect is explained (connect-failure.ts). */
  private serverEnd(): ServerEnd {
    if (this.config.transport !== "stdio") return { transport: "url", url: this.config.url, timeoutMs: CONNECT_TIMEOUT_MS };
    return {
      transport: "stdio",
      command: this.config.command,
      path: stdioEnvironment(this.config.env).PATH,
      stderrTail: this.stderr.currentText(),
    };
  }

  private describeExit(reason: string): string {
    const tail = this.stderr.currentText().trim().split("\n").slice(-3).join(" | ");
    return tail ? `${reason} (stderr: ${tail})` : reason;
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

  /**
   * Lists the tools again, when connected: another Toolscope process heard the server announce
   * a change (lib/cluster), which this connection may not have been sent.
   */
  async refreshListedTools(): Promise<void> {
    if (this.status === "ready" && this.client) await this.refreshTools(this.client);
  }

  private setTools(list: ToolList, announced = false): void {
    this.tools = list.tools;
    this.invalidTools = list.invalid;
    this.listWarning = list.warning;
    this.lint = lintTools(list.tools);
    this.toolsUpdatedAt = Date.now();
    this.emit({ type: "tools", snapshot: this.snapshot(), catalog: this.catalog(), announced });
  }

  /** The tool list as the browser sees it: valid tools, invalid ones with reasons, lint. */
  catalog(): ToolCatalog {
    return { tools: this.tools, invalid: this.invalidTools, lint: this.lint, warning: this.listWarning };
  }

  /** Connected now: a call can be sent without waiting. */
  isReady(): boolean {
    return this.status === "ready" && this.client !== undefined;
  }

  listTools(): Tool[] {
    return this.tools;
  }

  findTool(name: string): Tool | undefined {
    return this.tools.find((t) => t.name === name);
  }

  /**
   * Sends one tools/call and answers with the server's result as sent: Toolscope reads it
   * itself, block by block (lib/calls/parse-result.ts), so one malformed block cannot lose the
   * rest. Every call leaves through here, so the per-call timeout (reset by progress) and the
   * maximum total time (MAX_TOTAL_FACTOR × the timeout) are decided here and nowhere else.
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
    const params = {
      name,
      arguments: args,
      ...(options.meta ? { _meta: options.meta } : {}),
      ...(options.task ? { task: options.task } : {}),
    };
    // The SDK's maxTotalTimeout rejects the call without telling the server (SDK 2.4); an abort
    // sends notifications/cancelled, so a tool Toolscope reports as timed out does not run on.
    // One controller, aborted by the caller's signal or by the cap (AbortSignal.any costs more).
    const total = new AbortController();
    let capped = false;
    const limit = setTimeout(() => {
      capped = true;
      total.abort();
    }, this.callTimeoutMs * MAX_TOTAL_FACTOR);
    const stop = (): void => total.abort(options.signal?.reason);
    if (options.signal?.aborted) stop();
    else options.signal?.addEventListener("abort", stop, { once: true });
    const sendOptions = {
      signal: total.signal,
      // Always ask for progress (a progress token goes out only with a handler): it is what
      // lets a long call that reports progress outlive the per-call timeout.
      onprogress: options.onprogress ?? (() => undefined),
      timeout: this.callTimeoutMs,
      resetTimeoutOnProgress: true,
    };
    try {
      // A 2026 tool that declares x-mcp-header needs the SDK's callTool, which mirrors those
      // arguments into request headers; it parses strictly. Every other call is read leniently.
      const tool = client.getProtocolEra() === "modern" ? this.findTool(name) : undefined;
      if (tool && declaresXMcpHeader(tool.inputSchema)) {
        // Toolscope validates structured output itself, so the SDK is given no outputSchema.
        const { outputSchema: _omit, ...toolDefinition } = tool;
        return await client.callTool(params, { ...sendOptions, toolDefinition });
      }
      return await client.request({ method: "tools/call", params }, AS_SENT, sendOptions);
    } catch (error) {
      // A narrower scope than the call needs leaves the connection usable; no authorization at all does not.
      if (isAuthorizationError(error) && !InsufficientScopeError.isInstance(error) && this.client === client)
        void this.refreshStillPossible().then((possible) => {
          if (!possible && this.client === client) this.requireAuthorization();
        });
      if (capped && !options.signal?.aborted) {
        throw new SdkError(SdkErrorCode.RequestTimeout, "Maximum total timeout exceeded", {
          maxTotalTimeout: this.callTimeoutMs * MAX_TOTAL_FACTOR,
        });
      }
      throw error;
    } finally {
      clearTimeout(limit);
      options.signal?.removeEventListener("abort", stop);
    }
  }

  /** Sends tools/call as a notification: no id, so the server never answers (the console can do this). */
  async notifyToolCall(name: string, args: Record<string, unknown>, meta?: Record<string, unknown>): Promise<void> {
    const client = await this.ready();
    const params = { name, arguments: args, ...(meta ? { _meta: meta } : {}) };
    await client.notification({ method: "tools/call", params } as unknown as Parameters<Client["notification"]>[0]);
  }

  /**
   * Sends a task request (2025-11-25: tasks/get, tasks/result, tasks/cancel) and answers with
   * the result as sent. tasks/result blocks until the task ends, so it may take the whole cap.
   */
  async taskRequest(method: "tasks/get" | "tasks/result" | "tasks/cancel", taskId: string, signal?: AbortSignal): Promise<unknown> {
    const client = await this.ready();
    const timeout = method === "tasks/result" ? this.callTimeoutMs * MAX_TOTAL_FACTOR : this.callTimeoutMs;
    return client.request({ method, params: { taskId } }, AS_SENT, { signal, timeout });
  }

  snapshot(): ServerSnapshot {
    const client = this.status === "ready" ? this.client : undefined;
    return {
      id: this.config.id,
      name: this.config.name,
      source: this.source,
      transport: this.config.transport,
      activeTransport: client ? (this.activeTransport ?? null) : null,
      target: this.target,
      config: publicConfig(this.config),
      trusted: this.config.trusted,
      timeoutMs: this.config.timeoutMs ?? null,
      status: this.status,
      error: this.error ?? null,
      protocolVersion: client?.getNegotiatedProtocolVersion() ?? null,
      serverInfo: client?.getServerVersion() ?? null,
      instructions: client?.getInstructions() ?? null,
      capabilities: (client?.getServerCapabilities() as Record<string, unknown> | undefined) ?? null,
      toolCount: this.tools.length,
      invalidToolCount: this.invalidTools.length,
      toolsUpdatedAt: this.toolsUpdatedAt ? new Date(this.toolsUpdatedAt).toISOString() : null,
      ...this.times.view(this.status, this.nextAttemptAt || undefined),
      oauth: this.usesOAuth
        ? {
            required: this.status === "unauthorized",
            personal: this.principal !== SHARED,
            scope: this.challenge?.scope ?? null,
          }
        : null,
    };
  }

  /** A transport failure during a call, told with what is known of the server's end. */
  explainTransportFailure(message: string): string {
    const base = `The connection to ${this.config.name} failed during the call: ${message}`;
    return scrubSecrets(this.config, this.config.transport === "stdio" ? this.describeExit(base) : base);
  }

  protocolVersion(): string | null {
    return this.client?.getNegotiatedProtocolVersion() ?? null;
  }

  /** Closes the connection for good (the server was removed or reconfigured, Toolscope stops); a stdio server's process is gone when it resolves. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
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
