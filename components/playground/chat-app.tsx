"use client";

// A tool's MCP App drawn inline in the chat, with the result the model's call got: the same frame
// and sandbox as on the tool's page (components/apps/app-frame.tsx). The app's own tool calls are
// the person's, through the page's call path (audited as the app's, confirmed like a call from the
// form); the model does not see them.
import { useCallback, type ReactNode } from "react";
import { AppFrame } from "@/components/apps/app-frame";
import { useAppToolCalls } from "@/components/apps/use-app-tool-calls";
import { useApiData } from "@/components/ui/use-api-data";
import { api } from "@/components/api/client";
import type { CallToolResult } from "@/lib/domain/mcp-types";
import type { AppMeta } from "@/lib/domain/result-meta";

export function ChatApp({ app, input, result }: { app: AppMeta; input: Record<string, unknown>; result: CallToolResult }): ReactNode {
  const load = useCallback(() => api("GET /api/servers/:serverId/tools", { params: { serverId: app.serverId } }), [app.serverId]);
  const { data, error } = useApiData(load);
  const tool = data?.tools.find((candidate) => candidate.name === app.tool);
  const appCalls = useAppToolCalls({
    serverId: app.serverId,
    serverName: data?.server.name ?? app.serverId,
    hostTool: app.tool,
    tools: data?.tools ?? [],
    trusted: data?.server.trusted ?? false,
    reason: undefined,
  });
  if (error || (data && !tool))
    return (
      <p role="alert" className="text-rose-700 dark:text-rose-300" data-testid="chat-app-error">
        The tool&apos;s app cannot be shown: {error ?? `${app.serverId} no longer lists ${app.tool}.`}
      </p>
    );
  if (!tool) return <p className="text-muted">Loading the tool&apos;s app…</p>;
  return (
    <div data-testid="chat-app">
      <AppFrame
        key={`${app.serverId}/${app.tool}`}
        serverId={app.serverId}
        tool={tool}
        input={input}
        result={result}
        callTool={appCalls.callTool}
      />
      {appCalls.confirmation}
    </div>
  );
}
