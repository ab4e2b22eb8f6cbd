// A scenario's session with its server, as Toolscope holds it: the pool's connection for the
// local user; while the server asks for authorization, an authorization as a person would do it
// (Toolscope's begin, the browser following the authorization server's redirect, Toolscope's
// callback); and calls that step up when the server asks for more scope. Loaded only after
// environment.ts has prepared the data directory and mcp.json.
import { parseToolResult } from "@/lib/calls/parse-result";
import { classifyCallError } from "@/lib/calls/classify-error";
import { localCaller } from "@/lib/auth/identify";
import type { ServerConnection } from "@/lib/mcp/connection";
import { beginAuthorization, completeAuthorization } from "@/lib/mcp/oauth-authorization";
import { connectionFor } from "@/lib/mcp/pool";
import { callbackUrl } from "@/lib/oauth/oauth-target";

export class DriverFailure extends Error {}

export function log(message: string): void {
  process.stderr.write(`[conformance-driver] ${message}\n`);
}

export function textOf(result: { content?: { type: string; text?: string }[] }): string {
  return (result.content ?? [])
    .map((c) => (c.type === "text" ? (c.text ?? "") : `[${c.type}]`))
    .join("\n")
    .trim();
}

type Authorization = { kind: "insufficient_scope"; requiredScope: string | null } | { kind: "unauthorized" };

/**
 * How a call ended, as Toolscope reports it: a server that refuses (a JSON-RPC error) or answers
 * what the protocol does not allow is an outcome Toolscope shows, not a failure of the client.
 */
export type CallAnswer = { outcome: "ok" | "tool_error" | "protocol_error" | "malformed_result"; text: string };

export class Session {
  private readonly caller = localCaller("127.0.0.1").caller;
  private current: ServerConnection | undefined;

  constructor(readonly serverId: string) {}

  get connection(): ServerConnection {
    if (!this.current) throw new DriverFailure("not connected");
    return this.current;
  }

  /** What a browser does with the authorization URL: the suite's authorization server redirects at once. */
  private async authorize(scope?: string): Promise<void> {
    const begun = await beginAuthorization(this.serverId, this.caller, { scope, returnTo: "/" });
    if (begun.kind === "authorized") {
      log("authorized without a redirect (refresh or client credentials)");
      return;
    }
    const url = new URL(begun.authorizationUrl);
    log(`authorization request: ${url.origin} scope=${url.searchParams.get("scope") ?? "(none)"}`);
    const response = await fetch(begun.authorizationUrl, { redirect: "manual" });
    const location = response.headers.get("location");
    if (!location) throw new DriverFailure(`the authorization endpoint answered ${response.status} without a redirect`);
    const back = new URL(location, begun.authorizationUrl);
    if (`${back.origin}${back.pathname}` !== callbackUrl())
      throw new DriverFailure(`redirected to ${back.origin}${back.pathname}, not the callback`);
    const result = await completeAuthorization(back.searchParams, this.caller);
    if (!result.ok) throw new DriverFailure(result.message);
    log("callback completed");
  }

  private async connected(): Promise<ServerConnection> {
    const connection = await connectionFor(this.serverId, this.caller);
    await connection.ready().catch(() => undefined);
    this.current = connection;
    return connection;
  }

  /** Connects, authorizing while the server asks for it; fails unless the session ends up ready. */
  async open(): Promise<void> {
    let connection = await this.connected();
    for (let round = 0; connection.snapshot().status === "unauthorized"; round++) {
      if (round === 3) throw new DriverFailure("still unauthorized after three authorizations");
      await this.authorize();
      connection = await this.connected();
    }
    const snapshot = connection.snapshot();
    if (snapshot.status !== "ready") throw new DriverFailure(`not connected: ${snapshot.error ?? snapshot.status}`);
    log(
      `node ${process.version}, connected: protocol ${snapshot.protocolVersion}, server ${JSON.stringify(snapshot.serverInfo)}, ${snapshot.toolCount} tools, ${snapshot.invalidToolCount} set aside`,
    );
  }

  /** One tools/call; when the server asks for (more) authorization, authorizes and calls again. */
  async call(name: string, args: Record<string, unknown>): Promise<CallAnswer> {
    for (let attempt = 0; ; attempt++) {
      try {
        const { result } = parseToolResult(await this.connection.callTool(name, args));
        const answer: CallAnswer = { outcome: result.isError === true ? "tool_error" : "ok", text: textOf(result) };
        log(`${name} → ${answer.outcome}: ${answer.text}`);
        return answer;
      } catch (error) {
        const classified = classifyCallError(error);
        if (classified.status === "protocol_error" || classified.status === "malformed_result") {
          log(`${name} → ${classified.status}: ${classified.message}`);
          return { outcome: classified.status, text: classified.message };
        }
        const wanted = (classified.data as { authorization?: Authorization } | undefined)?.authorization;
        if (!wanted || attempt === 2) throw new DriverFailure(`${name} failed: ${classified.message}`);
        log(`${name} asks for authorization: ${JSON.stringify(wanted)}`);
        await this.authorize(wanted.kind === "insufficient_scope" ? (wanted.requiredScope ?? undefined) : undefined);
        await this.connected();
      }
    }
  }
}
