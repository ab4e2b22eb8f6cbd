"use client";

// The advanced console: any JSON-RPC method sent as-is to the server, the answer shown raw.
import { Button } from "@/components/ui/button";
import { BUTTON_PRIMARY } from "@/components/ui/classes";
import { useState, type ReactNode } from "react";
import { api } from "@/components/api/client";
import { Checkbox } from "@/components/ui/checkbox";

const EXAMPLES = ["tools/list", "resources/list", "prompts/list", "ping"];

export function RpcConsole({ serverId }: { serverId: string }): ReactNode {
  const [method, setMethod] = useState("tools/list");
  const [params, setParams] = useState("{}");
  const [notification, setNotification] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (): Promise<void> => {
    setError(null);
    let parsed: unknown;
    try {
      parsed = params.trim() ? JSON.parse(params) : undefined;
    } catch (err) {
      setError(`The params are not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    if (parsed !== undefined && (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))) {
      setError("The params must be a JSON object.");
      return;
    }
    setSending(true);
    try {
      const body = await api("POST /api/servers/:serverId/rpc", {
        params: { serverId },
        body: { method, ...(parsed ? { params: parsed } : {}), notification },
      });
      setAnswer(JSON.stringify(body, null, 2));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="mt-8" data-testid="rpc-console" aria-label="JSON-RPC console">
      <h2 className="text-sm font-semibold">JSON-RPC console</h2>
      <p className="mt-1 text-xs text-muted">
        Sends any method to this server as it is and shows the raw answer. tools/call sent here is audited.
      </p>
      <div className="mt-3 flex gap-2">
        <input
          value={method}
          onChange={(e) => setMethod(e.target.value)}
          list="rpc-methods"
          aria-label="Method"
          className="h-8 w-64 rounded-md border border-zinc-300 bg-white px-2.5 font-mono text-[13px] dark:border-zinc-700 dark:bg-zinc-900"
        />
        <datalist id="rpc-methods">
          {EXAMPLES.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <Checkbox
          className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400"
          isSelected={notification}
          onChange={(checked) => setNotification(checked)}
        >
          notification
        </Checkbox>
        <Button onPress={send} isDisabled={sending || !method.trim()} className={`ml-auto ${BUTTON_PRIMARY}`} data-testid="rpc-send">
          {sending ? "Sending…" : "Send"}
        </Button>
      </div>
      <textarea
        value={params}
        onChange={(e) => setParams(e.target.value)}
        aria-label="Params (JSON)"
        rows={4}
        className="mt-2 block w-full rounded-md border border-zinc-300 bg-white p-2 font-mono text-[12px] dark:border-zinc-700 dark:bg-zinc-900"
      />
      {error && (
        <p role="alert" className="mt-2 text-sm text-rose-600">
          {error}
        </p>
      )}
      {answer && (
        <pre
          tabIndex={0}
          data-testid="rpc-answer"
          className="mt-3 max-h-96 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-[12px] dark:bg-zinc-900"
        >
          {answer}
        </pre>
      )}
    </section>
  );
}
