"use client";

// The human in the loop the spec asks for: before a tool that may destroy data or reach the
// outside world runs, the user sees the exact arguments and confirms. A trusted server is taken
// at its word: only its tools that declare themselves destructive ask, and the user may turn
// that off per tool (remembered in this browser).
import { Button } from "@/components/ui/button";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import { JsonView } from "@/components/ui/json-view";
import { ModalDialog } from "@/components/ui/modal-dialog";
import type { Tool } from "@/lib/domain/mcp-types";
import { toolDisplayName, toolHints } from "@/lib/domain/tool-hints";
import { Checkbox } from "@/components/ui/checkbox";

const TOOL_SKIP_KEY = (serverId: string, tool: string): string => `toolscope.skip-confirm.${serverId}/${tool}`;

/** Why a call needs confirming, or null: destructive (declared or by default) or open-world tools. */
export function confirmationReason(tool: Tool): string | null {
  const h = toolHints(tool);
  const reasons: string[] = [];
  if (h.destructive.applies && h.destructive.value)
    reasons.push(h.destructive.explicit ? "may destroy data" : "may destroy data (the spec's default: it does not say otherwise)");
  if (h.openWorld.value)
    reasons.push(h.openWorld.explicit ? "reaches the outside world" : "may reach the outside world (the spec's default)");
  return reasons.length ? `This tool ${reasons.join(" and ")}.` : null;
}

/** Whether the tool itself declares `destructiveHint: true` (and is not read-only). */
function declaresDestructive(tool: Tool): boolean {
  const h = toolHints(tool);
  return h.destructive.applies && h.destructive.explicit && h.destructive.value;
}

function storage(): Storage | null {
  return typeof window === "undefined" ? null : window.localStorage;
}

/**
 * Whether to run without asking although confirmationReason names a risk. A trusted server is
 * believed (lib/domain/tool-rules.ts): only a tool that declares itself destructive asks, until
 * the person says not to for that tool in this browser. An untrusted server's tools always ask.
 */
export function confirmationSkipped(serverId: string, trusted: boolean, tool: Tool): boolean {
  if (!trusted) return false;
  return !declaresDestructive(tool) || storage()?.getItem(TOOL_SKIP_KEY(serverId, tool.name)) === "1";
}

/** Forgets every "don't ask again" kept for a server (it is no longer trusted). */
export function forgetSkippedConfirmations(serverId: string): void {
  const kept = storage();
  if (!kept) return;
  for (const key of Object.keys(kept)) if (key.startsWith(TOOL_SKIP_KEY(serverId, ""))) kept.removeItem(key);
}

export function ConfirmCall({
  tool,
  serverId,
  serverName,
  trusted,
  args,
  reason,
  onConfirm,
  onCancel,
  fromApp = false,
}: {
  tool: Tool;
  serverId: string;
  serverName: string;
  trusted: boolean;
  args: Record<string, unknown>;
  reason: string;
  onConfirm: () => void;
  onCancel: () => void;
  /**
   * An MCP App asked for the call, not the person: Cancel has the focus, and Run answers only
   * after a moment, so a keystroke the app asked for cannot confirm what it just requested.
   */
  fromApp?: boolean;
}): ReactNode {
  const [skip, setSkip] = useState(false);
  const [armed, setArmed] = useState(!fromApp);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    (fromApp ? cancelButton : confirmButton).current?.focus();
    if (!fromApp) return;
    const timer = setTimeout(() => setArmed(true), 600);
    return () => clearTimeout(timer);
  }, [fromApp]);
  const confirm = (): void => {
    if (skip) window.localStorage.setItem(TOOL_SKIP_KEY(serverId, tool.name), "1");
    onConfirm();
  };
  return (
    <ModalDialog role="alertdialog" title={`Run ${toolDisplayName(tool)} on ${serverName}?`} onClose={onCancel} testId="confirm-dialog">
      <p className="mt-1 text-[13px] text-amber-700 dark:text-amber-400">
        {reason}
        {!trusted && ` ${serverName} is not trusted, so what its tools say about themselves is not believed.`}
      </p>
      <p className="mt-3 text-xs font-medium text-muted">Arguments that will be sent</p>
      <JsonView value={args} className="mt-1 max-h-64" testId="confirm-arguments" />
      {trusted && !fromApp && (
        <Checkbox
          className="mt-3 flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400"
          isSelected={skip}
          onChange={(checked) => setSkip(checked)}
          testId="confirm-skip"
        >
          {`Don't ask again for this tool on ${serverName} (a trusted server) in this browser`}
        </Checkbox>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <Button ref={cancelButton} className={BUTTON_SECONDARY} onPress={onCancel} data-testid="confirm-cancel">
          Cancel
        </Button>
        <Button ref={confirmButton} className={BUTTON_PRIMARY} onPress={confirm} isDisabled={!armed} data-testid="confirm-run">
          Run
        </Button>
      </div>
    </ModalDialog>
  );
}
