"use client";

// How an MCP App's tool calls are made: through the same path as a call from the form (the
// call pipeline: roles, policies, limits, the audit log), with the same confirmation for tools
// that may destroy data or reach out. An app calls tools of its own server that are visible to
// apps; a tool only the model may call is refused.
import { useCallback, useState, type ReactNode } from "react";
import { ConfirmCall, confirmationReason, confirmationSkipped } from "@/components/invoke/confirm-call";
import { runTool } from "@/components/invoke/run-tool";
import { toolUi } from "@/lib/mcp/app-ui";
import { CALL_OUTCOMES } from "@/lib/calls/outcomes";
import type { CallToolResult, Tool } from "@/lib/mcp/types";
import type { AppToolCall } from "./app-frame";

type Pending = { tool: Tool; args: Record<string, unknown>; reason: string; answer: (go: boolean) => void };

export function useAppToolCalls({
  serverId,
  serverName,
  tools,
  trusted,
  reason,
}: {
  serverId: string;
  serverName: string;
  tools: Tool[];
  trusted: boolean;
  /** The reason typed on the tool's page, for servers whose policy asks for one. */
  reason: string | undefined;
}): { callTool: AppToolCall; confirmation: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);

  const callTool = useCallback<AppToolCall>(
    async (name, args) => {
      const tool = tools.find((t) => t.name === name);
      if (!tool) throw new Error(`${serverName} has no tool named "${name}".`);
      const ui = toolUi(tool);
      if (ui && !ui.visibility.includes("app"))
        throw new Error(`"${name}" is not callable by apps (its visibility is ${ui.visibility.join(", ")}).`);
      const why = confirmationReason(tool);
      if (why && !confirmationSkipped(serverId, trusted)) {
        const go = await new Promise<boolean>((resolve) => setPending({ tool, args, reason: why, answer: resolve }));
        setPending(null);
        if (!go) throw new Error("The person using Toolscope declined this call.");
      }
      const response = await runTool(serverId, name, args, {
        signal: new AbortController().signal,
        reason,
        onStarted: () => undefined,
        onProgress: () => undefined,
        onInput: () => undefined,
      });
      if (response.result) return response.result satisfies CallToolResult;
      throw new Error(response.error?.message ?? CALL_OUTCOMES[response.status].label);
    },
    [tools, serverId, serverName, trusted, reason],
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
    />
  );
  return { callTool, confirmation };
}
