"use client";

// A tool call the model made, inline in the conversation: which tool, with what arguments, and
// what came back, drawn by Toolscope's own content viewers, with Toolscope's word on it (a call
// it did not send, or one that never completed) and a link to its audit record.
import { Button } from "@/components/ui/button";
import dynamic from "next/dynamic";
import Link from "next/link";
import type { ReactNode } from "react";
import { getToolName, type DynamicToolUIPart, type ToolUIPart } from "ai";
import { ContentBlockView } from "@/components/invoke/content-block";
import { JsonView } from "@/components/ui/json-view";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import { APP_META, AUDIT_META, DURATION_META, OUTCOME_META, type AppMeta } from "@/lib/domain/result-meta";
import type { CallToolResult } from "@/lib/domain/mcp-types";

type ToolPart = ToolUIPart | DynamicToolUIPart;

// Most answers have no MCP App: the frame and the host SDK it speaks through load with the first that has one.
const ChatApp = dynamic(() => import("./chat-app").then((m) => m.ChatApp));

/** A tool's answer as the endpoint streamed it: an MCP result (maybe an error), with Toolscope's `_meta`. */
function asResult(output: unknown): CallToolResult | undefined {
  return typeof output === "object" && output !== null && Array.isArray((output as { content?: unknown }).content)
    ? (output as CallToolResult)
    : undefined;
}

const STATE: Record<ToolPart["state"], string> = {
  "input-streaming": "Preparing the call…",
  "input-available": "Calling…",
  "approval-requested": "Waiting for you",
  "approval-responded": "Answered, going on…",
  "output-available": "Answered",
  "output-error": "Failed",
  "output-denied": "Denied",
};

/**
 * `onAnswer`: the call waits for the person (a tool the policy holds: destructive ones by default,
 * every one of a server whose annotations are not trusted); run it, or tell the model it was not.
 */
export function ToolCallView({ part, onAnswer }: { part: ToolPart; onAnswer?: ((run: boolean) => void) | undefined }): ReactNode {
  const name = getToolName(part);
  const result = part.state === "output-available" ? asResult(part.output) : undefined;
  const auditId = result?._meta?.[AUDIT_META];
  const notSent = result?._meta?.[OUTCOME_META];
  const failed = part.state === "output-error" || result?.isError === true;
  const durationMs = result?._meta?.[DURATION_META];
  const app = result && !failed ? (result._meta?.[APP_META] as AppMeta | undefined) : undefined;
  return (
    <section
      aria-label={`Tool call ${name}`}
      data-testid="chat-tool-call"
      data-tool-name={name}
      data-state={part.state}
      className="rounded-lg border border-zinc-200 text-[13px] dark:border-zinc-800"
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-zinc-200 px-3 py-1.5 dark:border-zinc-800">
        <code className="font-mono font-medium">{name}</code>
        <span data-testid="chat-tool-state" className={failed ? "text-rose-700 dark:text-rose-400" : "text-muted"}>
          {failed && part.state === "output-available"
            ? typeof notSent === "string"
              ? `Not sent (${notSent})`
              : "Tool error"
            : STATE[part.state]}
        </span>
        {typeof durationMs === "number" && (
          <span data-testid="chat-tool-duration" className="text-muted tabular-nums">
            {durationMs < 1000 ? `${durationMs} ms` : `${(durationMs / 1000).toFixed(1)} s`}
          </span>
        )}
        {typeof auditId === "string" && (
          <Link
            href={`/audit?focus=${encodeURIComponent(auditId)}`}
            className="ml-auto font-mono text-[11px] text-muted hover:text-indigo-600"
          >
            audit {auditId}
          </Link>
        )}
      </header>
      <div className="space-y-2 p-3">
        {part.input !== undefined && (
          <div>
            <div className="mb-1 text-[11px] font-medium tracking-wide text-muted uppercase">Arguments</div>
            <JsonView value={part.input} testId="chat-tool-arguments" className="max-h-48" />
          </div>
        )}
        {onAnswer && (
          <div
            role="group"
            aria-label={`Run ${name}?`}
            data-testid="chat-tool-confirm"
            className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-2.5 dark:border-amber-800 dark:bg-amber-950/40"
          >
            <p>
              The model wants to run <code className="font-mono">{name}</code>, which may change or delete things (as the server&apos;s
              policy or its trust settings say). Nothing is sent until you say so.
            </p>
            <div className="flex gap-2">
              <Button className={BUTTON_PRIMARY} onPress={() => onAnswer(true)} data-testid="chat-tool-run">
                Run it
              </Button>
              <Button className={BUTTON_SECONDARY} onPress={() => onAnswer(false)} data-testid="chat-tool-deny">
                Don&apos;t run
              </Button>
            </div>
          </div>
        )}
        {part.state === "output-denied" && <p className="text-muted">You chose not to run it; the model was told so.</p>}
        {part.state === "output-error" && (
          <p role="alert" className="text-rose-700 dark:text-rose-300">
            {part.errorText}
          </p>
        )}
        {app && <ChatApp app={app} input={(part.input ?? {}) as Record<string, unknown>} result={result!} />}
        {result && (
          <div data-testid="chat-tool-result" className="space-y-2">
            {result.content.map((block, index) => (
              <ContentBlockView key={index} block={block} index={index} />
            ))}
            {result.structuredContent !== undefined && (
              <div>
                <div className="mb-1 text-[11px] font-medium tracking-wide text-muted uppercase">Structured content</div>
                <JsonView value={result.structuredContent} className="max-h-48" />
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
