"use client";

// Keep a chat's tool calls: a new collection of them, to run again, check, or present.
import { Button } from "@/components/ui/button";
import Link from "next/link";
import { isToolUIPart } from "ai";
import { useId, useState, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, ERROR_NOTE, INPUT } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import { ApiError } from "@/lib/client/fetch-json";
import type { PlaygroundMessage } from "@/lib/domain/playground";

/** The calls the model made that were sent (answered), in order. */
export function madeCalls(messages: readonly PlaygroundMessage[]): { tool: string; arguments: Record<string, unknown> }[] {
  return messages.flatMap((message) =>
    message.parts.flatMap((part) =>
      isToolUIPart(part) && part.state === "output-available"
        ? [
            {
              tool: part.type === "dynamic-tool" ? part.toolName : part.type.slice(5),
              arguments: (part.input ?? {}) as Record<string, unknown>,
            },
          ]
        : [],
    ),
  );
}

export function SaveCalls({
  messages,
  settings,
}: {
  messages: readonly PlaygroundMessage[];
  settings: { model: string; servers?: string[]; virtualServer?: string };
}): ReactNode {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(() => `Chat of ${new Date().toLocaleDateString()}`);
  const [saved, setSaved] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const calls = madeCalls(messages);
  if (calls.length === 0) return null;
  const save = async (): Promise<void> => {
    setError(null);
    try {
      const { collection } = await api("POST /api/playground/collection", {
        body: { name, calls, ...settings },
      });
      setSaved(collection);
      setOpen(false);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  if (saved)
    return (
      <p role="status" className="self-center text-[12px]" data-testid="chat-saved">
        Saved as{" "}
        <Link className="underline" href={`/saved/collections/${saved.id}`}>
          {saved.name}
        </Link>
      </p>
    );
  if (!open)
    return (
      <Button className={BUTTON_SECONDARY} onPress={() => setOpen(true)} data-testid="chat-save-calls">
        Save {calls.length} call{calls.length === 1 ? "" : "s"}…
      </Button>
    );
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id} className="text-xs text-muted">
        Collection name
        <input
          id={id}
          value={name}
          onChange={(e) => setName(e.target.value)}
          className={`${INPUT} mt-0.5 w-56`}
          data-testid="chat-save-name"
        />
      </label>
      <Button type="submit" className={BUTTON_PRIMARY} data-testid="chat-save-confirm">
        Save
      </Button>
      <Button className={BUTTON_SECONDARY} onPress={() => setOpen(false)}>
        Cancel
      </Button>
      {error && (
        <p role="alert" className={`${ERROR_NOTE} w-full text-[12px]`}>
          {error}
        </p>
      )}
    </form>
  );
}
