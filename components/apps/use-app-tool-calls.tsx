"use client";

// How an MCP App's tool calls are made: through the same path as a call from the form (the
// call pipeline: roles, policies, limits, the audit log), with the same confirmation for tools
// that may destroy data or reach out. An app calls tools of its own server that are visible to
// apps; a tool only the model may call is refused.
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { ConfirmCall, confirmationReason, confirmationSkipped } from "@/components/invoke/confirm-call";
import { runTool } from "@/components/invoke/run-tool";
import { toolVisibility } from "@/lib/domain/app-ui";
import { OUTCOME_INFO } from "@/lib/domain/outcomes";
import type { CallToolResult, Tool } from "@/lib/domain/mcp-types";
import type { AppToolCall } from "./app-frame";

type Pending = { tool: Tool; args: Record<string, unknown>; reason: string; answer: (go: boolean) => void };

export function useAppToolCalls({
  serverId,
  serverName,
  hostTool,
  tools,
  trusted,
  reason,
}: {
  serverId: string;
  serverName: string;
  /** The tool whose page shows the app: its calls are recorded as made by that tool's app. */
  hostTool: string;
  tools: Tool[];
  trusted: boolean;
  /** The reason typed on the tool's page, for servers whose policy asks for one. */
  reason: string | undefined;
}): { callTool: AppToolCall; confirmation: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const asking = useRef(false);
  // Calls the app made are cancelled when the page leaves the tool.
  const unmounted = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    unmounted.current = controller;
    return () => controller.abort();
  }, []);

  const callTool = useCallback<AppToolCall>(
    async (name, args) => {
      const tool = tools.find((t) => t.name === name);
      if (!tool) throw new Error(`${serverName} has no tool named "${name}".`);
      const visibility = toolVisibility(tool);
      if (!visibility.includes("app")) throw new Error(`"${name}" is not callable by apps (its visibility is ${visibility.join(", ")}).`);
      const why = confirmationReason(tool);
      if (why && !confirmationSkipped(serverId, trusted, tool)) {
        // One question at a time: an app cannot swap the arguments under the person's eyes.
        if (asking.current) throw new Error("Another call from the app is waiting for the person's confirmation.");
        asking.current = true;
        const go = await new Promise<boolean>((resolve) => setPending({ tool, args, reason: why, answer: resolve })).finally(() => {
          asking.current = false;
          setPending(null);
        });
        if (!go) throw new Error("The person using Toolscope declined this call.");
      }
      const response = await runTool(serverId, name, args, {
        signal: unmounted.current.signal,
        reason,
        appOf: hostTool,
        onStarted: () => undefined,
        onProgress: () => undefined,
        onInput: () => undefined,
      });
      if (response.result) return response.result satisfies CallToolResult;
      throw new Error(response.error?.message ?? OUTCOME_INFO[response.status].label);
    },
    [tools, serverId, serverName, hostTool, trusted, reason],
  );

  const confirmation = pending && (
    <ConfirmCall
      tool={pending.tool}
      serverId={serverId}
      serverName={serverName}
      trusted={trusted}
      args={pending.args}
      reason={`The tool's app asks to call it. ${pending.reason}`}
      onCancel={() => pending.answer(false)}
      onConfirm={() => pending.answer(true)}
      fromApp
    />
  );
  return { callTool, confirmation };
}
