"use client";

// The right-hand side of a tool's page: the call in flight (progress, the server's requests for
// input), then its result, the tool's MCP App, and this session's earlier calls.
import { Button } from "@/components/ui/button";
import dynamic from "next/dynamic";
import type { ReactNode, Ref } from "react";
import type { useAppToolCalls } from "@/components/apps/use-app-tool-calls";
import type { CallToSave } from "@/components/saved/save-call-dialog";
import { toolUi } from "@/lib/domain/app-ui";
import type { Tool } from "@/lib/domain/mcp-types";
import { AuthorizationPrompt, callAuthorization } from "./authorization-prompt";
import { CallHistory } from "./call-history";
import { InputRequestPanel } from "./input-request";
import { ProgressBar } from "./progress-bar";
import { ResultView } from "./result-view";
import type { ToolCall } from "./use-tool-call";

// Most tools have no MCP App: the frame and the host SDK it speaks through (with its schemas)
// load with the first tool that has one, not with every tool page.
const AppFrame = dynamic(() => import("@/components/apps/app-frame").then((m) => m.AppFrame));

export function ToolOutcome({
  tool,
  serverId,
  serverName,
  resourcesReadable,
  call,
  appCalls,
  onRerun,
  onRestore,
  onRunAgain,
  saveAs,
  resultRef,
}: {
  tool: Tool;
  serverId: string;
  serverName: string;
  resourcesReadable: boolean;
  call: ToolCall;
  appCalls: ReturnType<typeof useAppToolCalls>;
  /** Runs what the form holds now. */
  onRerun: () => void;
  onRestore: (args: Record<string, unknown>) => void;
  /** Runs an earlier call's arguments again, as they were. */
  onRunAgain: ((args: Record<string, unknown>) => void) | undefined;
  saveAs: ((args: Record<string, unknown>) => CallToSave) | undefined;
  resultRef: Ref<HTMLDivElement>;
}): ReactNode {
  const { response, running } = call;
  const authorization = response && !running ? callAuthorization(response.error) : null;
  const idle = !running && !response && !call.requestError && !toolUi(tool);
  return (
    <>
      {running && call.inputs[0] && <InputRequestPanel key={call.inputs[0].id} request={call.inputs[0]} onDone={call.dropInput} />}
      {running && <ProgressBar progress={call.progress} elapsedMs={call.elapsedMs} />}
      <div
        ref={resultRef}
        tabIndex={-1}
        aria-label="Result"
        role="region"
        className="scroll-mt-4 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {idle && (
          <p className="hidden rounded-lg border border-dashed border-zinc-300 p-6 text-center text-[13px] text-zinc-600 xl:block dark:border-zinc-700 dark:text-zinc-400">
            The result appears here. Run the tool with <kbd className="font-sans">Ctrl</kbd>+<kbd className="font-sans">Enter</kbd> from any
            field.
          </p>
        )}
        {call.requestError && (
          <p
            role="alert"
            data-testid="request-error"
            className="rounded-md border border-rose-200 bg-rose-50 p-3 text-sm text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300"
          >
            {call.requestError}
          </p>
        )}
        {authorization && (
          <AuthorizationPrompt
            serverId={serverId}
            serverName={serverName}
            toolName={tool.name}
            authorization={authorization}
            args={call.responseArgs}
          />
        )}
        {toolUi(tool) && (
          <div className="mb-6">
            <AppFrame
              key={`${serverId}/${tool.name}`}
              serverId={serverId}
              tool={tool}
              input={response ? call.responseArgs : null}
              result={response?.result ?? null}
              callTool={appCalls.callTool}
            />
            {appCalls.confirmation}
          </div>
        )}
        {response && !running && (
          <ResultView
            response={response}
            serverId={serverId}
            resourcesReadable={resourcesReadable}
            actions={
              <Button
                onPress={onRerun}
                data-testid="rerun-button"
                title="Run again with what the form holds now"
                className="rounded border border-zinc-300 px-1.5 py-0.5 text-xs hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
              >
                ↻ Re-run
              </Button>
            }
          />
        )}
      </div>
      <CallHistory historyKey={`${serverId}/${tool.name}`} onRestore={onRestore} onRunAgain={onRunAgain} saveAs={saveAs} />
    </>
  );
}
