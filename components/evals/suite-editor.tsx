"use client";

// A suite as its file reads (docs/evals.md), edited as JSON: saved as a new suite, or in place of
// one. What the server refuses is said in its words, and the text stays as it was typed.
import { Button } from "@/components/ui/button";
import { useRouter } from "next/navigation";
import { useId, useState, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, ERROR_NOTE, INPUT } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import { ApiError } from "@/lib/client/fetch-json";

export function SuiteEditor({ suiteId, initial, onDone }: { suiteId?: string; initial: unknown; onDone?: () => void }): ReactNode {
  const router = useRouter();
  const id = useId();
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (): Promise<void> => {
    setError(null);
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (e) {
      setError(`This is not JSON: ${(e as Error).message}`);
      return;
    }
    setBusy(true);
    try {
      const saved = suiteId
        ? await api("PUT /api/evals/:suiteId", { params: { suiteId }, body: document })
        : await api("POST /api/evals", { body: document });
      if (suiteId) {
        onDone?.();
        router.refresh();
      } else router.push(`/evals/${saved.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-[12px] font-medium">
        Suite file (JSON)
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
        rows={24}
        className={`${INPUT} font-mono text-[12px]`}
        aria-describedby={`${id}-help`}
        data-testid="suite-json"
      />
      <p id={`${id}-help`} className="text-[12px] text-muted">
        Each case has a prompt and what the model is expected to do: <code>called</code> (with <code>arguments</code> it contains, or an{" "}
        <code>argumentsSchema</code>), <code>not_called</code>, <code>max_calls</code>, <code>answer_contains</code>,{" "}
        <code>answer_matches</code> (RE2), and <code>result</code> (a saved call&apos;s checks on the tool&apos;s result).
      </p>
      {error && (
        <p role="alert" className={`${ERROR_NOTE} text-[12px]`} data-testid="suite-error">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button className={BUTTON_PRIMARY} isDisabled={busy} onPress={() => void save()} data-testid="suite-save">
          {suiteId ? "Save suite" : "Create suite"}
        </Button>
        {onDone && (
          <Button className={BUTTON_SECONDARY} onPress={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </div>
  );
}
