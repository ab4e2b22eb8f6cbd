"use client";

// One JSON-RPC message of the protocol view: a line (when, which way, what kind, the method, the
// id) that opens on the message as JSON, and, for a request Toolscope sent, "Send again": sent
// as it was first sent, through the pipeline (a call is audited), its answer shown below.
import { Button } from "@/components/ui/button";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Disclosure, DisclosurePanel, Heading } from "react-aria-components";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { JsonView } from "@/components/ui/json-view";
import { api } from "@/components/api/client";
import { ErrorNote } from "@/components/ui/error-note";

export type ProtocolMessage = {
  seq: number;
  at: string;
  direction: "in" | "out";
  kind: "request" | "response" | "error" | "notification";
  method: string | null;
  id: string | number | null;
  json: string;
  truncated: boolean;
  resendable: boolean;
};

type Answer = { outcome: string; durationMs: number; result?: unknown; error?: unknown; failure?: { message: string }; auditId?: string };

const KIND_CLASS: Record<ProtocolMessage["kind"], string> = {
  request: "border-indigo-300 text-indigo-800 dark:border-indigo-800 dark:text-indigo-300",
  response: "border-emerald-300 text-emerald-800 dark:border-emerald-800 dark:text-emerald-300",
  error: "border-rose-300 text-rose-800 dark:border-rose-800 dark:text-rose-300",
  notification: "border-zinc-300 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300",
};

function parsed(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

export function ProtocolMessageRow({ serverId, message }: { serverId: string; message: ProtocolMessage }): ReactNode {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const resend = async (): Promise<void> => {
    setSending(true);
    setError(null);
    try {
      setAnswer(await api("POST /api/servers/:serverId/protocol/:seq", { params: { serverId, seq: String(message.seq) } }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };
  const value = message.truncated ? null : parsed(message.json);
  const arrow = message.direction === "out" ? "→" : "←";
  return (
    <li
      data-testid="protocol-message"
      data-seq={message.seq}
      data-direction={message.direction}
      data-kind={message.kind}
      data-method={message.method ?? ""}
    >
      <Disclosure>
        <Heading level={3} className="text-[12px]">
          <Button
            slot="trigger"
            className="group flex w-full items-center gap-2 px-2 py-1 text-left hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none dark:hover:bg-zinc-900"
          >
            <span aria-hidden className="w-3 text-zinc-500 group-aria-expanded:rotate-90">
              ▸
            </span>
            <time className="w-24 shrink-0 font-mono whitespace-nowrap text-muted tabular-nums" dateTime={message.at}>
              {new Date(message.at).toLocaleTimeString()}
            </time>
            <span
              className="w-5 shrink-0 text-center font-mono"
              title={message.direction === "out" ? "Toolscope → server" : "server → Toolscope"}
            >
              {arrow}
              <span className="sr-only">{message.direction === "out" ? " sent" : " received"}</span>
            </span>
            <span className={`shrink-0 rounded border px-1 text-[11px] ${KIND_CLASS[message.kind]}`}>{message.kind}</span>
            <span className="min-w-0 truncate font-mono">{message.method ?? "(unknown method)"}</span>
            {message.id !== null && <span className="ml-auto shrink-0 font-mono text-muted">#{String(message.id)}</span>}
          </Button>
        </Heading>
        <DisclosurePanel className="px-2 pb-2 pl-7">
          {value !== null ? (
            <JsonView value={value} className="max-h-96" testId="protocol-json" />
          ) : (
            <pre
              tabIndex={0}
              className="max-h-96 overflow-auto rounded-md bg-zinc-50 p-2 font-mono text-[12px] whitespace-pre-wrap dark:bg-zinc-900"
            >
              {message.json}
            </pre>
          )}
          {message.truncated && <p className="mt-1 text-xs text-muted">Cut at 32,000 characters.</p>}
          {message.resendable && (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <Button className={BUTTON_SECONDARY} onPress={() => void resend()} isDisabled={sending} data-testid="protocol-resend">
                {sending ? "Sending…" : "Send again"}
              </Button>
              <span className="text-xs text-muted">As it was sent; a call is audited like any other.</span>
            </div>
          )}
          <ErrorNote message={error} className="mt-2" />
          {answer && (
            <div className="mt-2" data-testid="protocol-resend-answer">
              <p className="text-xs">
                Answered: <span className="font-medium">{answer.outcome}</span> in {answer.durationMs} ms
                {answer.auditId && (
                  <>
                    {" · "}
                    <Link className="text-indigo-700 underline dark:text-indigo-300" href={`/audit/${encodeURIComponent(answer.auditId)}`}>
                      audit record
                    </Link>
                  </>
                )}
              </p>
              <JsonView value={answer.result ?? answer.error ?? answer.failure ?? null} className="mt-1 max-h-64" />
            </div>
          )}
        </DisclosurePanel>
      </Disclosure>
    </li>
  );
}
