"use client";

// What a prompts/get answered, as the conversation it is: each message with its role, its
// content drawn as a tool result's blocks are, and the whole answer to copy as JSON.
import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";
import { ContentBlockView, type ContentBlock } from "@/components/invoke/content-block";
import type { GetPromptResult } from "@/lib/domain/server-features";
import { BUTTON_SECONDARY } from "@/components/ui/classes";

export function PromptMessages({ result, serverId }: { result: GetPromptResult; serverId: string }): ReactNode {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-3" data-testid="prompt-messages">
      <div className="flex flex-wrap items-center gap-2">
        {result.description && <p className="min-w-0 flex-1 text-[13px] text-muted">{result.description}</p>}
        <Button
          className={BUTTON_SECONDARY}
          onPress={() => {
            void navigator.clipboard.writeText(JSON.stringify(result, null, 2)).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy as JSON"}
        </Button>
      </div>
      <ol className="space-y-3">
        {result.messages.map((message, index) => {
          // One block a message up to 2025-11-25; a list of them may come from newer revisions.
          const blocks = (Array.isArray(message.content) ? message.content : [message.content]) as ContentBlock[];
          const assistant = message.role === "assistant";
          return (
            <li
              key={index}
              data-testid="prompt-message"
              data-role={message.role}
              className={`rounded-lg border p-3 ${
                assistant
                  ? "border-indigo-200 bg-indigo-50/50 dark:border-indigo-900 dark:bg-indigo-950/30"
                  : "border-zinc-200 dark:border-zinc-800"
              }`}
            >
              <div className="mb-2 text-[11px] font-semibold tracking-wide uppercase">{message.role}</div>
              <div className="space-y-3">
                {blocks.map((block, i) => (
                  <ContentBlockView key={i} block={block} index={i} serverId={serverId} />
                ))}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
