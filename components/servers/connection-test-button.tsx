"use client";

// "Test connection": connects to the server the form describes without saving it, and says
// what answered (name, version, protocol revision, tools) or why nothing did.
import { Button } from "@/components/ui/button";
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import type { ConnectionTest } from "@/lib/mcp/connection-test";

type Outcome = { kind: "idle" } | { kind: "testing" } | { kind: "done"; test: ConnectionTest } | { kind: "error"; message: string };

function describe(test: Extract<ConnectionTest, { ok: true }>): string {
  const server = test.serverInfo ? `${test.serverInfo.title ?? test.serverInfo.name} ${test.serverInfo.version}` : "The server";
  const tools = `${test.toolCount} tool${test.toolCount === 1 ? "" : "s"}${test.invalidToolCount ? ` (and ${test.invalidToolCount} invalid)` : ""}`;
  return `Connected: ${server}${test.protocolVersion ? `, protocol ${test.protocolVersion}` : ""}, ${tools}.`;
}

export function ConnectionTestButton({
  body,
  onConnected,
  autoRun,
}: {
  /** The body the form describes, or why it describes none. */
  body: (form: HTMLFormElement) => Record<string, unknown> | { problem: string };
  /** What answered, once it did: the form may take its name. */
  onConnected?: (test: Extract<ConnectionTest, { ok: true }>, form: HTMLFormElement) => void;
  /** A change of it runs the test by itself (a URL was pasted: what answers names the server). */
  autoRun?: number;
}): ReactNode {
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const button = useRef<HTMLButtonElement>(null);

  const run = async (): Promise<void> => {
    const form = button.current?.form;
    if (!form) return;
    const built = body(form);
    if ("problem" in built && typeof built.problem === "string") {
      setOutcome({ kind: "error", message: built.problem });
      return;
    }
    setOutcome({ kind: "testing" });
    try {
      const test = await api("POST /api/connection-tests", { body: built });
      setOutcome({ kind: "done", test });
      if (test.ok) onConnected?.(test, form);
    } catch (err) {
      setOutcome({ kind: "error", message: err instanceof Error ? err.message : String(err) });
    }
  };

  const runByItself = useEffectEvent(() => void run());
  useEffect(() => {
    if (!autoRun) return;
    // Pasted text can still be arriving key by key: the test waits until it has settled.
    const settle = setTimeout(runByItself, 500);
    return () => clearTimeout(settle);
  }, [autoRun]);

  const failed = outcome.kind === "error" || (outcome.kind === "done" && !outcome.test.ok);
  return (
    <>
      <Button ref={button} onPress={() => void run()} isDisabled={outcome.kind === "testing"} className={BUTTON_SECONDARY}>
        {outcome.kind === "testing" ? "Testing…" : "Test connection"}
      </Button>
      <p
        className={`order-last basis-full text-[13px] break-words ${failed ? "text-rose-700 dark:text-rose-400" : "text-emerald-700 dark:text-emerald-400"}`}
        aria-live="polite"
        data-testid="connection-test-result"
      >
        {outcome.kind === "error" && outcome.message}
        {outcome.kind === "done" && (outcome.test.ok ? describe(outcome.test) : `Could not connect: ${outcome.test.error}`)}
      </p>
    </>
  );
}
