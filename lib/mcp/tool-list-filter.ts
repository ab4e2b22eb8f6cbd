import "server-only";
// Takes malformed tools out of tools/list results before the SDK sees them. The SDK decodes
// results strictly, and on 2026-07-28 connections no request can opt out: one tool without
// `inputSchema.type` or with a bad annotation would cost the whole catalog. Sitting between
// the transport and the client, this checks each listed tool against the spec's schema, lets
// the valid ones through and keeps the others, with the reasons, for the catalog to show.
// Only the catalog's own walks (begin() to setAside()) are read: a tools/list sent through the
// RPC console is answered as the server sent it, and costs no second check of every tool.
import { specTypeSchemas, type JSONRPCMessage, type Tool, type Transport } from "@modelcontextprotocol/client";
import { tapTransport } from "./transport-tap";

export type InvalidTool = { index: number; name: string | null; problems: string[]; raw: unknown };

type Id = string | number;

export function checkTool(raw: unknown, index: number): { ok: true; tool: Tool } | { ok: false; invalid: InvalidTool } {
  const result = specTypeSchemas.Tool["~standard"].validate(raw);
  if (result instanceof Promise) throw new Error("The spec's Tool schema validates synchronously");
  if (!result.issues) return { ok: true, tool: result.value as Tool };
  const name = typeof (raw as { name?: unknown } | null)?.name === "string" ? (raw as { name: string }).name : null;
  const problems = result.issues.map((issue) => {
    const path = (issue.path ?? []).map((p) => (typeof p === "object" && p !== null && "key" in p ? String(p.key) : String(p))).join(".");
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return { ok: false, invalid: { index, name, problems, raw } };
}

export class ToolListFilter {
  private readonly pending = new Set<Id>();
  private invalid: InvalidTool[] = [];
  private seen = 0;
  private walking = false;

  /**
   * `onPage`: told each page's valid tools as it arrives (first-listing.ts shows them early), and
   * whether it is the first page of a walk (a walk that starts again, as list-tools.ts's fallback does, starts over).
   */
  constructor(private readonly onPage?: (tools: Tool[], firstOfWalk: boolean) => void) {}

  /** Starts a new walk of tools/list: forgets what the last one set aside. */
  begin(): void {
    this.invalid = [];
    this.seen = 0;
    this.walking = true;
  }

  /** Ends the walk: the malformed tools set aside since begin(). */
  setAside(): InvalidTool[] {
    this.walking = false;
    return this.invalid;
  }

  /** Wraps a transport; the client is connected to what this returns. */
  wrap<T extends Transport>(transport: T): T {
    return tapTransport(transport, {
      incoming: (message) => this.inspect(message),
      outgoing: (message) => {
        if (this.walking && "method" in message && message.method === "tools/list" && "id" in message) this.pending.add(message.id);
      },
    });
  }

  private inspect(message: JSONRPCMessage): JSONRPCMessage {
    if (!("id" in message) || message.id === null || !this.pending.has(message.id as Id)) return message;
    this.pending.delete(message.id as Id);
    if (!("result" in message)) return message;
    const result = message.result as { tools?: unknown };
    if (!Array.isArray(result.tools)) return message;
    const tools: Tool[] = [];
    const firstOfWalk = this.seen === 0;
    for (const raw of result.tools) {
      const checked = checkTool(raw, this.seen++);
      if (checked.ok) tools.push(raw as Tool);
      else this.invalid.push(checked.invalid);
    }
    this.onPage?.(tools, firstOfWalk);
    return tools.length === result.tools.length ? message : { ...message, result: { ...result, tools } };
  }
}
