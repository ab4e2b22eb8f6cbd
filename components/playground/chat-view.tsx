"use client";

// The playground: a person chats with a model about the servers' tools. The model is picked from
// what the environment configures (GET /api/models); each turn goes to /api/playground/chat, which
// offers the model the tools the person's agent would see and sends its calls through the
// pipeline. The answer streams in; every tool call shows inline; Stop ends the turn.
// First: zod must know that eval is off before the AI SDK's schemas are built (zod-jitless.ts).
import { Button } from "@/components/ui/button";
import "@/components/ui/zod-jitless";
import Link from "next/link";
import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses } from "ai";
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, ERROR_NOTE, INPUT } from "@/components/ui/classes";
import { useApiData } from "@/components/ui/use-api-data";
import { api } from "@/components/api/client";
import type { PlaygroundMessage } from "@/lib/domain/playground";
import { NoModels } from "./no-models";
import { ToolsPicker, toolsSettings, type ToolsChoice } from "./tools-picker";
import { ChatMessage } from "./chat-message";
import { SaveCalls } from "./save-calls";
import { Disclosure } from "@/components/ui/disclosure";

/** The endpoint's refusal ({ error: { message } }) in its own words, else the error's. */
function readable(error: Error): string {
  try {
    const parsed = JSON.parse(error.message) as { error?: { message?: string } };
    if (parsed.error?.message) return parsed.error.message;
  } catch {
    // Not the endpoint's JSON: a network failure, or the stream's own error text.
  }
  return error.message;
}

/** What a turn is sent with besides the conversation: the model, and the system prompt and temperature when set. */
function turnSettings(
  model: string,
  system: string,
  temperature: string,
  tools: ToolsChoice,
): { model: string; system?: string; temperature?: number; servers?: string[]; virtualServer?: string } {
  const degrees = Number(temperature);
  return {
    model,
    ...toolsSettings(tools),
    ...(system.trim() ? { system } : {}),
    ...(temperature.trim() && Number.isFinite(degrees) ? { temperature: degrees } : {}),
  };
}

/** The chat as a file: its settings and every message with its parts (tool calls and answers included), as the page holds them. */
function exported(messages: PlaygroundMessage[], settings: ReturnType<typeof turnSettings>): string {
  return JSON.stringify({ exportedAt: new Date().toISOString(), ...settings, messages }, null, 2);
}

/** Saves the text as toolscope-chat.json: made when asked, not at every streamed word. */
function download(json: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "toolscope-chat.json";
  link.click();
  // The click has started the download; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ChatView(): ReactNode {
  const load = useCallback(() => api("GET /api/models"), []);
  const { data: models, error: modelsError } = useApiData(load);
  const [picked, setPicked] = useState<string>("");
  const [system, setSystem] = useState("");
  const [temperature, setTemperature] = useState("");
  const [tools, setTools] = useState<ToolsChoice>("");
  const [draft, setDraft] = useState("");
  const composer = useRef<HTMLTextAreaElement>(null);
  const model = picked || models?.models[0] || "";
  // A turn that goes on after the person confirmed a call is sent by the chat itself, with the settings of the turn it continues.
  const settings = useRef<object>({});
  const transport = useMemo(
    // The body is read when a request is sent, never while rendering.
    // eslint-disable-next-line react-hooks/refs
    () => new DefaultChatTransport<PlaygroundMessage>({ api: "/api/playground/chat", body: () => settings.current }),
    [],
  );
  const { messages, sendMessage, setMessages, status, stop, error, addToolApprovalResponse } = useChat<PlaygroundMessage>({
    transport,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const answer = useCallback(
    (approvalId: string, run: boolean) =>
      void addToolApprovalResponse({ id: approvalId, approved: run, ...(run ? {} : { reason: "The person chose not to run it." }) }),
    [addToolApprovalResponse],
  );
  const busy = status === "submitted" || status === "streaming";
  // The newest words in view as they stream in.
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Braces: Chromium's scroll methods now answer a promise, which React would take for a cleanup.
    end.current?.scrollIntoView({ block: "end" });
  }, [messages, status]);

  const send = (): void => {
    const text = draft.trim();
    if (!text || busy || !model) return;
    setDraft("");
    // The settings of this moment go with this turn.
    settings.current = turnSettings(model, system, temperature, tools);
    void sendMessage({ text }, { body: settings.current });
    composer.current?.focus();
  };
  // The person's message, edited: it replaces the old one, what followed it goes, and the model answers again.
  const rerun = (messageId: string, text: string): void => {
    settings.current = turnSettings(model, system, temperature, tools);
    void sendMessage({ text, messageId }, { body: settings.current });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    // Enter sends; Shift+Enter is a new line; a composition in progress (an IME) is not interrupted.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  if (modelsError)
    return (
      <p role="alert" className={`m-6 ${ERROR_NOTE}`}>
        The models could not be listed: {modelsError}
      </p>
    );
  if (!models) return <p className="p-6 text-sm text-muted">Listing the models…</p>;

  return (
    <div className="flex h-full flex-col">
      <div className="flex flex-wrap items-end gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <h1 className="mr-auto text-lg font-semibold tracking-tight">Chat</h1>
        {messages.length > 0 && (
          <div className="flex gap-2 self-center">
            <Button
              className={BUTTON_SECONDARY}
              onPress={() => download(exported(messages, turnSettings(model, system, temperature, tools)))}
              data-testid="chat-export"
            >
              Export JSON
            </Button>
            {!busy && <SaveCalls messages={messages} settings={turnSettings(model, system, temperature, tools)} />}
            <Button className={BUTTON_SECONDARY} isDisabled={busy} onPress={() => setMessages([])} data-testid="chat-new">
              New chat
            </Button>
          </div>
        )}
        {models.models.length > 0 && (
          <>
            <label className="text-xs text-muted">
              Model
              <select
                data-testid="chat-model"
                value={model}
                onChange={(event) => setPicked(event.target.value)}
                className={`${INPUT} mt-0.5 max-w-64`}
              >
                {models.models.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <ToolsPicker value={tools} onChange={setTools} />
            <label className="text-xs text-muted">
              Temperature
              <input
                type="number"
                min={0}
                max={2}
                step={0.1}
                placeholder="default"
                value={temperature}
                onChange={(event) => setTemperature(event.target.value)}
                className={`${INPUT} mt-0.5 w-24`}
              />
            </label>
            <Link
              href="/models"
              className="self-end pb-2 text-xs text-indigo-600 underline dark:text-indigo-400"
              data-testid="chat-providers"
            >
              Model providers
            </Link>
          </>
        )}
      </div>
      {models.problems.map((problem) => (
        <p key={problem.provider} role="alert" className={`mx-4 mt-3 ${ERROR_NOTE}`}>
          {problem.message}
        </p>
      ))}
      {models.models.length === 0 ? (
        <NoModels models={models} />
      ) : (
        <>
          <Disclosure
            className="border-b border-zinc-200 px-4 py-2 text-sm dark:border-zinc-800"
            triggerClassName=" text-xs text-muted"
            title={<>System prompt{system.trim() ? " (set)" : ""}</>}
          >
            <textarea
              aria-label="System prompt"
              value={system}
              onChange={(event) => setSystem(event.target.value)}
              rows={3}
              className={`${INPUT} mt-2`}
            />
          </Disclosure>
          <section aria-label="Conversation" role="log" className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
            <div className="mx-auto flex max-w-3xl flex-col gap-4">
              {messages.length === 0 && (
                <p className="text-sm text-muted">
                  Ask something the servers&apos; tools can answer. The model sees the tools your agent would see through /mcp; each call it
                  makes is audited as yours.
                </p>
              )}
              {messages.map((message) => (
                <ChatMessage
                  key={message.id}
                  message={message}
                  onAnswer={answer}
                  onEdit={busy ? undefined : (text) => rerun(message.id, text)}
                />
              ))}
              {status === "submitted" && <p className="text-xs text-muted">The model is thinking…</p>}
              {error && (
                <p role="alert" data-testid="chat-error" className={ERROR_NOTE}>
                  {readable(error)}
                </p>
              )}
              <div ref={end} />
            </div>
          </section>
          <form
            className="border-t border-zinc-200 px-4 py-3 dark:border-zinc-800"
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <div className="mx-auto flex max-w-3xl items-end gap-2">
              <textarea
                ref={composer}
                aria-label="Message"
                aria-describedby="chat-keys"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onKeyDown}
                rows={2}
                placeholder="Ask the model…"
                className={`${INPUT} resize-y`}
              />
              {busy ? (
                <Button className={BUTTON_SECONDARY} onPress={() => void stop()} data-testid="chat-stop">
                  Stop
                </Button>
              ) : (
                <Button type="submit" className={BUTTON_PRIMARY} isDisabled={!draft.trim()} data-testid="chat-send">
                  Send
                </Button>
              )}
            </div>
            <p id="chat-keys" className="mx-auto mt-1 max-w-3xl text-[11px] text-muted">
              Enter sends · Shift+Enter for a new line
            </p>
          </form>
        </>
      )}
    </div>
  );
}
