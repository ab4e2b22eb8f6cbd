"use client";

// One message of the chat: the person's words (which they may edit and run again from there), or
// the model's, with its tool calls inline and what the turn took.
import { Button } from "@/components/ui/button";
import { isToolUIPart } from "ai";
import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, INPUT } from "@/components/ui/classes";
import { Markdown } from "@/components/ui/markdown";
import type { PlaygroundMessage } from "@/lib/domain/playground";
import { ToolCallView } from "./tool-call-view";
import { Disclosure } from "@/components/ui/disclosure";

const tokens = (value: number | null | undefined): string => (typeof value === "number" ? String(value) : "?");
const cost = (usd: number | null | undefined): string => (typeof usd === "number" ? ` · ≈ $${usd.toFixed(4)}` : "");

/** The answer's model, tokens and cost; with more than one step (a tool call and what followed), each step's. */
function Usage({ message }: { message: PlaygroundMessage }): ReactNode {
  const metadata = message.metadata;
  if (!metadata?.model) return null;
  const steps = metadata.steps ?? [];
  // An answer that went on after a confirmation is the sum of its steps; the SDK's total counts the last request only.
  const sum = (key: "inputTokens" | "outputTokens"): number | null =>
    steps.some((step) => step[key] === null) ? null : steps.reduce((total, step) => total + step[key]!, 0);
  const inTokens = steps.length > 0 ? sum("inputTokens") : metadata.usage?.inputTokens;
  const outTokens = steps.length > 0 ? sum("outputTokens") : metadata.usage?.outputTokens;
  const summary = `${metadata.model}${metadata.usage || steps.length > 0 ? ` · ${tokens(inTokens)} tokens in · ${tokens(outTokens)} out` : ""}${cost(metadata.costUsd)}`;
  if (steps.length < 2)
    return (
      <p data-testid="chat-usage" className="text-[11px] text-muted">
        {summary}
      </p>
    );
  return (
    <Disclosure
      className="text-[11px] text-muted"
      triggerClassName=""
      triggerTestId="chat-usage"
      title={
        <>
          {summary} · {steps.length} steps
        </>
      }
    >
      <ol className="mt-1 list-decimal pl-5" data-testid="chat-steps">
        {steps.map((step, index) => (
          <li key={index}>
            {tokens(step.inputTokens)} tokens in · {tokens(step.outputTokens)} out{cost(step.costUsd)}
          </li>
        ))}
      </ol>
    </Disclosure>
  );
}

function textOf(message: PlaygroundMessage): string {
  return message.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

/** The person's message as a field: Enter runs the chat again from here, Shift+Enter is a new line, Escape leaves it as it was. */
function EditMessage({ initial, onDone }: { initial: string; onDone: (text: string | null) => void }): ReactNode {
  const id = useId();
  const [text, setText] = useState(initial);
  const save = (): void => onDone(text.trim() ? text : null);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === "Escape") onDone(null);
    else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="sr-only">
        Edit your message
      </label>
      <textarea
        id={id}
        // The person asked to edit: the field is where they are.
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={Math.min(8, Math.max(2, text.split("\n").length))}
        className={INPUT}
        data-testid="chat-edit-text"
      />
      <div className="flex gap-2">
        <Button className={BUTTON_PRIMARY} onPress={save} data-testid="chat-edit-run">
          Run again from here
        </Button>
        <Button className={BUTTON_SECONDARY} onPress={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

export function ChatMessage({
  message,
  onAnswer,
  onEdit,
}: {
  message: PlaygroundMessage;
  onAnswer: (approvalId: string, run: boolean) => void;
  /** The person's message may be edited and the chat run again from it (not while a turn goes on). */
  onEdit?: ((text: string) => void) | undefined;
}): ReactNode {
  const mine = message.role === "user";
  const [editing, setEditing] = useState(false);
  if (mine && editing)
    return (
      <article aria-label="You (editing)" data-testid="chat-message" data-role="user" className="ml-auto w-full max-w-[85%]">
        <EditMessage
          initial={textOf(message)}
          onDone={(text) => {
            setEditing(false);
            if (text !== null && onEdit) onEdit(text);
          }}
        />
      </article>
    );
  return (
    <article
      aria-label={mine ? "You" : "Model"}
      data-testid="chat-message"
      data-role={message.role}
      className={mine ? "group ml-auto max-w-[85%] rounded-lg bg-indigo-50 px-3 py-2 text-sm dark:bg-indigo-950/50" : "space-y-2 text-sm"}
    >
      {message.parts.map((part, index) => {
        if (part.type === "text")
          return mine ? (
            <p key={index} className="whitespace-pre-wrap">
              {part.text}
            </p>
          ) : (
            <Markdown key={index} source={part.text} />
          );
        if (isToolUIPart(part))
          return (
            <ToolCallView
              key={part.toolCallId}
              part={part}
              onAnswer={part.state === "approval-requested" ? (run) => onAnswer(part.approval.id, run) : undefined}
            />
          );
        return null;
      })}
      {mine && onEdit && (
        <Button
          className="mt-1 text-[11px] text-muted underline-offset-2 hover:underline focus-visible:underline focus-visible:outline-none"
          onPress={() => setEditing(true)}
          data-testid="chat-edit"
        >
          Edit
        </Button>
      )}
      {!mine && <Usage message={message} />}
    </article>
  );
}
