// Shapes that cross the boundary between Toolscope's server and its browser UI. No
// server-only imports here: client components import these types too.
import type { CallToolResult, Implementation, Tool } from "@modelcontextprotocol/client";
import type { CallOutcome } from "@/lib/domain/outcomes";
import type { ResultProblem } from "@/lib/domain/result-problems";
import type { PublicServerConfig, TransportKind } from "./server-config";

/** A server's OAuth as its snapshot tells it: whether an authorization is needed now, whose, and the scope last asked for. */
export type OAuthView = { required: boolean; personal: boolean; scope: string | null };

export type { CallToolResult, Tool };

/** unauthorized: the server asks for an OAuth authorization Toolscope does not have (lib/oauth). */
export type ServerStatus = "connecting" | "ready" | "failed" | "unauthorized" | "closed";

/** Who called, for the audit log: "local", "api-token" or "signed-in browser", and from where. */
export type { Caller } from "@/lib/domain/roles";

export type ServerSnapshot = {
  id: string;
  name: string;
  /** builtin (the demo server), file (mcp.json) or database (added in the UI or API). */
  source: "builtin" | "file" | "database";
  transport: TransportKind;
  /** The transport that connected (for "auto": Streamable HTTP or SSE). */
  activeTransport: "stdio" | "streamable-http" | "sse" | null;
  target: string;
  config: PublicServerConfig;
  trusted: boolean;
  timeoutMs: number | null;
  status: ServerStatus;
  error: string | null;
  protocolVersion: string | null;
  /** What the server says of itself on initialize (or server/discover): name, version, and maybe a title, a description, a website and icons. */
  serverInfo: Implementation | null;
  instructions: string | null;
  capabilities: Record<string, unknown> | null;
  toolCount: number;
  invalidToolCount: number;
  toolsUpdatedAt: string | null;
  /** When the current run of failures began (not the latest retry); null unless failing. */
  failedAt: string | null;
  /** When the server last connected and listed its tools. */
  lastConnectedAt: string | null;
  /** When the next attempt starts by itself, while failed. */
  retryAt: string | null;
  /** Set once the server asked for OAuth: whether an authorization is needed, whose, and the scope it named. */
  oauth: OAuthView | null;
};

export type InvalidToolInfo = { index: number; name: string | null; problems: string[]; raw: unknown };

/** A server's tools: the valid ones, the ones that failed validation (with why), lint warnings by tool name. */
export type ToolCatalog = { tools: Tool[]; invalid: InvalidToolInfo[]; lint: Record<string, string[]>; warning: string | null };

export type ToolsResponse = { server: ServerSnapshot } & ToolCatalog;

/** Tools of a first listing still under way; `reset` when `tools` is all so far rather than the next batch. */
export type ToolsArriving = { tools: Tool[]; soFar: number; reset: boolean };

/**
 * The three ways a call can fail stay distinct: the tool failed, the server refused, or the call
 * never completed. "interrupted": Toolscope stopped while the call was out (lib/server/shutdown.ts).
 */
export type InvocationStatus = CallOutcome | "interrupted";

export type SchemaErrorItem = { path: string; message: string };

export type OutputValidation =
  | { verdict: "none" }
  | { verdict: "valid" }
  | { verdict: "invalid"; errors: SchemaErrorItem[] }
  | { verdict: "schema_error"; message: string };

export type InvocationResponse = {
  status: InvocationStatus;
  result?: CallToolResult;
  /** What in the result breaks the protocol (status "malformed_result"), by path. */
  problems?: ResultProblem[];
  /** The answer as sent, when it was too broken to read as a result at all, or is not one (input_required). */
  raw?: unknown;
  error?: { code?: number; message: string; data?: unknown };
  outputValidation: OutputValidation;
  durationMs: number;
  auditId: string;
  protocolVersion: string | null;
};
