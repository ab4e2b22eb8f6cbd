"use client";

import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { HintBadges } from "@/components/catalog/hint-badges";
import { ToolIcon } from "@/components/catalog/tool-icon";
import { LintBadge } from "@/components/catalog/tool-problems";
import { Markdown } from "@/components/ui/markdown";
import { useCatalog } from "@/components/catalog/catalog-context";
import { ApiError } from "@/lib/client/fetch-json";
import type { InvocationResponse } from "@/lib/mcp/types";
import { toolDisplayName } from "@/lib/tool-hints";
import { ProgressBar } from "./progress-bar";
import { ResultView } from "./result-view";
import { ToolDetails } from "./tool-details";
import { CallHistory } from "./call-history";
import { ConfirmCall, confirmationReason, confirmationSkipped } from "./confirm-call";
import { CopyCall } from "./copy-call";
import { recordCall } from "./session-history";
import { InputRequestPanel } from "./input-request";
import { cancelTask, runToolAsTask } from "./run-task";
import { cancelCall, runTool, type InputRequest, type Progress } from "./run-tool";
import { ToolForm } from "./tool-form";
import { useCan, useViewer } from "@/components/auth/viewer";
import { callRequirement } from "@/lib/policy/tool-policy";
import { CallReasonField } from "./call-reason-field";
import { useServerPolicy } from "./use-server-policy";
import { useReplay } from "./use-replay";
import { useLinkArguments } from "./use-link-arguments";
import { LinkArgumentsNotice } from "./link-notice";
import { AuthorizationPrompt, callAuthorization } from "./authorization-prompt";
import { takePendingCall } from "@/components/servers/start-authorization";
import { useSearchParams } from "next/navigation";
import { SaveCallButton } from "@/components/saved/save-call-dialog";
import { AppFrame } from "@/components/apps/app-frame";
import { useAppToolCalls } from "@/components/apps/use-app-tool-calls";
import { toolUi } from "@/lib/mcp/app-ui";

function useElapsed(running: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Date.now() - started), 100);
    return () => {
      clearInterval(timer);
      setElapsed(0);
    };
  }, [running]);
  return elapsed;
}

export function ToolPanel({ toolName }: { toolName: string }): ReactNode {
  const hasCallRole = useCan("tools:call");
  const viewer = useViewer();
  const { serverId, data, loading } = useCatalog();
  const tool = data?.tools.find((t) => t.name === toolName);
  const policyView = useServerPolicy(serverId);
  // The same decision the call pipeline makes (lib/calls/enforce-policy.ts); local mode's one user is an admin.
  const requirement =
    tool && policyView
      ? callRequirement(
          policyView.policy ?? undefined,
          tool,
          policyView.configuredTrusted,
          viewer?.person?.role ?? (viewer ? null : "admin"),
        )
      : null;
  const canCall = hasCallRole && requirement?.allowed !== false;
  const [callReason, setCallReason] = useState("");
  const [reasonMissing, setReasonMissing] = useState(false);
  const taskSupport = (tool?.execution as { taskSupport?: string } | undefined)?.taskSupport ?? "forbidden";
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [response, setResponse] = useState<InvocationResponse | null>(null);
  /** The arguments of the call whose result is shown (to run it again after authorizing). */
  const [responseArgs, setResponseArgs] = useState<Record<string, unknown>>({});
  const [requestError, setRequestError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [inputs, setInputs] = useState<InputRequest[]>([]);
  const [taskChoice, setTaskChoice] = useState(false);
  const asTask = taskSupport === "required" || (taskSupport === "optional" && taskChoice);
  const controller = useRef<AbortController | null>(null);
  /** Ends the call in flight as "cancelled" (its result is then shown); set once the call can be named. */
  const cancelRef = useRef<(() => void) | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const elapsed = useElapsed(running);
  const replay = useReplay(toolName, setValues);
  const linked = useLinkArguments(setValues);

  /** The arguments of the call whose result is shown, for Re-run. */
  const lastArgs = useRef<Record<string, unknown> | null>(null);
  const [pendingConfirm, setPendingConfirm] = useState<{ args: Record<string, unknown>; reason: string } | null>(null);
  const trusted = policyView?.annotationsTrusted ?? data?.server.trusted ?? false;
  const reasonRequired = requirement?.reasonRequired === true;
  const appCalls = useAppToolCalls({
    serverId,
    serverName: data?.server.name ?? serverId,
    hostTool: toolName,
    tools: data?.tools ?? [],
    trusted,
    reason: reasonRequired ? callReason.trim() : undefined,
  });

  const execute = useCallback(
    async (args: Record<string, unknown>) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setRunning(true);
      setProgress(null);
      setInputs([]);
      setRequestError(null);
      const started = Date.now();
      lastArgs.current = args;
      const historyKey = `${serverId}/${toolName}`;
      // Until the call has an id to cancel by, Cancel hangs up (which cancels it on the server too).
      cancelRef.current = () => abort.abort();
      try {
        const response = asTask
          ? await runToolAsTask(serverId, toolName, args, {
              signal: abort.signal,
              reason: reasonRequired ? callReason.trim() : undefined,
              onStatus: (task) => {
                cancelRef.current = () => void cancelTask(serverId, task).catch(() => abort.abort());
                setProgress({ progress: 0, message: `Task ${task.status}${task.statusMessage ? `: ${task.statusMessage}` : ""}` });
              },
            })
          : await runTool(serverId, toolName, args, {
              signal: abort.signal,
              reason: reasonRequired ? callReason.trim() : undefined,
              onStarted: (auditId) => {
                cancelRef.current = () => void cancelCall(auditId).then((cancelled) => cancelled || abort.abort());
              },
              onProgress: setProgress,
              onInput: (request) => setInputs((current) => [...current, request]),
            });
        setResponse(response);
        setResponseArgs(args);
        recordCall(historyKey, { at: started, args, status: response.status, durationMs: response.durationMs, auditId: response.auditId });
      } catch (error) {
        recordCall(historyKey, {
          at: started,
          args,
          status: abort.signal.aborted ? "cancelled" : "failed",
          durationMs: null,
          auditId: null,
        });
        if (abort.signal.aborted) setRequestError("Cancelled. The server was told to stop; the audit log records the call as cancelled.");
        else setRequestError(error instanceof ApiError ? error.message : String(error));
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          cancelRef.current = null;
          setRunning(false);
          setInputs([]);
        }
      }
    },
    [serverId, toolName, asTask, reasonRequired, callReason],
  );

  /** Runs at once, or first asks the user when the tool may destroy data or reach out. */
  const run = useCallback(
    (args: Record<string, unknown>) => {
      if (reasonRequired && !callReason.trim()) {
        setReasonMissing(true);
        document.getElementById("call-reason")?.focus();
        return;
      }
      const reason = tool ? confirmationReason(tool) : null;
      if (reason && !confirmationSkipped(serverId, trusted)) setPendingConfirm({ args, reason });
      else void execute(args);
    },
    [tool, serverId, trusted, execute, reasonRequired, callReason],
  );

  // Back from authorizing for a call (AuthorizationPrompt): the call runs again, once.
  const authorizedReturn = useSearchParams().get("oauth") === "authorized";
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !authorizedReturn || !tool) return;
    const pending = takePendingCall(serverId, toolName);
    resumed.current = true;
    if (!pending) return;
    queueMicrotask(() => {
      setValues(pending.args);
      run(pending.args);
    });
  }, [authorizedReturn, tool, serverId, toolName, run]);

  // Ctrl/⌘+Enter runs the tool from anywhere in the form.
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && formRef.current?.contains(document.activeElement)) {
        e.preventDefault();
        formRef.current.querySelector<HTMLButtonElement>("[data-testid=run-button]")?.click();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  if (!tool) {
    return (
      <p className="p-8 text-sm text-zinc-500">
        {loading ? "Loading…" : `${data?.server.name ?? "This server"} has no tool named "${toolName}".`}
      </p>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-8 py-6" data-testid="tool-panel">
      <header className="flex items-start gap-3">
        <ToolIcon tool={tool} size={32} serverId={serverId} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <h1 className="text-lg font-semibold tracking-tight" data-testid="tool-title">
              {toolDisplayName(tool)}
            </h1>
            <code className="font-mono text-xs text-zinc-500">{tool.name}</code>
          </div>
          <div className="mt-1.5 flex flex-wrap gap-1">
            <HintBadges tool={tool} trusted={trusted} />
            {data?.lint[tool.name] && <LintBadge warnings={data.lint[tool.name]!} />}
          </div>
          {tool.description && <Markdown source={tool.description} className="mt-2 text-[13px] text-zinc-600 dark:text-zinc-300" />}
        </div>
      </header>

      <ToolDetails tool={tool} trusted={trusted} warnings={data?.lint[tool.name]} />

      {replay && (
        <p
          role="status"
          data-testid="replay-notice"
          className={`mt-4 rounded-md border p-2.5 text-[13px] ${"error" in replay ? "border-rose-200 bg-rose-50 text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300" : "border-indigo-200 bg-indigo-50 text-indigo-800 dark:border-indigo-900 dark:bg-indigo-950/40 dark:text-indigo-200"}`}
        >
          {"error" in replay
            ? `Could not replay audit record ${replay.auditId}: ${replay.error}`
            : `Arguments restored from audit record ${replay.auditId}.${replay.redacted ? " Secret values were redacted when stored: type them again before running." : ""}`}
        </p>
      )}

      {linked && <LinkArgumentsNotice notice={linked} tool={tool} values={values} />}

      {hasCallRole && requirement && !requirement.allowed && (
        <p
          role="note"
          data-testid="policy-note"
          className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-2.5 text-[13px] text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-300"
        >
          {requirement.because} Ask an admin.
        </p>
      )}
      {!hasCallRole && (
        <p
          role="note"
          data-testid="no-call-note"
          className="mt-4 rounded-md border border-zinc-200 bg-zinc-50 p-2.5 text-[13px] text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
        >
          You can browse this tool. Calling it needs the operator or admin role: ask an admin.
        </p>
      )}
      <section className="mt-6 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" ref={formRef} aria-label="Arguments">
        {canCall && reasonRequired && (
          <CallReasonField
            value={callReason}
            missing={reasonMissing}
            because={requirement?.because ?? ""}
            onChange={(value) => {
              setCallReason(value);
              if (value.trim()) setReasonMissing(false);
            }}
          />
        )}
        <ToolForm
          key={tool.name}
          tool={tool}
          value={values}
          onChange={setValues}
          onSubmit={run}
          running={running}
          refusal={
            canCall
              ? null
              : hasCallRole
                ? (requirement?.because ?? "This server's policy does not let you call this tool.")
                : "Your role may browse this tool but not call it; calling needs the operator or admin role."
          }
          actions={
            running ? (
              <button type="button" onClick={() => cancelRef.current?.()} data-testid="cancel-button" className={BUTTON_SECONDARY}>
                Cancel
              </button>
            ) : (
              <>
                {canCall && (
                  <SaveCallButton
                    className={`${BUTTON_SECONDARY} ml-1`}
                    label="Save"
                    call={{
                      serverId,
                      toolName: tool.name,
                      args: values,
                      suggestedName: toolDisplayName(tool),
                      hasOutputSchema: tool.outputSchema !== undefined,
                    }}
                  />
                )}
                {taskSupport !== "forbidden" && (
                  <label
                    className="ml-2 flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400"
                    title="Tasks (2025-11-25): the call returns at once and is polled"
                  >
                    <input
                      type="checkbox"
                      checked={asTask}
                      disabled={taskSupport === "required"}
                      onChange={(e) => setTaskChoice(e.target.checked)}
                      className="size-3.5 accent-indigo-600"
                      data-testid="run-as-task"
                    />
                    Run as a task{taskSupport === "required" ? " (required)" : ""}
                  </label>
                )}
              </>
            )
          }
        />
        {data && <CopyCall server={data.server} tool={tool.name} inputSchema={tool.inputSchema} args={values} />}
      </section>

      {pendingConfirm && (
        <ConfirmCall
          tool={tool}
          serverId={serverId}
          serverName={data?.server.name ?? serverId}
          trusted={trusted}
          args={pendingConfirm.args}
          reason={pendingConfirm.reason}
          onCancel={() => setPendingConfirm(null)}
          onConfirm={() => {
            const { args } = pendingConfirm;
            setPendingConfirm(null);
            void execute(args);
          }}
        />
      )}
      {running && inputs[0] && (
        <InputRequestPanel key={inputs[0].id} request={inputs[0]} onDone={() => setInputs((current) => current.slice(1))} />
      )}
      {running && <ProgressBar progress={progress} elapsedMs={elapsed} />}
      {requestError && (
        <p
          role="alert"
          data-testid="request-error"
          className="mt-4 rounded-md border border-rose-200 bg-rose-50 p-3 text-sm text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300"
        >
          {requestError}
        </p>
      )}
      {response && !running && callAuthorization(response.error) && (
        <AuthorizationPrompt
          serverId={serverId}
          serverName={data?.server.name ?? serverId}
          toolName={tool.name}
          authorization={callAuthorization(response.error)!}
          args={responseArgs}
        />
      )}
      {toolUi(tool) && (
        <div className="mt-6">
          <AppFrame
            key={`${serverId}/${tool.name}`}
            serverId={serverId}
            tool={tool}
            input={response ? responseArgs : null}
            result={response?.result ?? null}
            callTool={appCalls.callTool}
          />
          {appCalls.confirmation}
        </div>
      )}
      {response && !running && (
        <div className="mt-6">
          <ResultView
            response={response}
            serverId={serverId}
            resourcesReadable={Boolean(data?.server.capabilities && "resources" in data.server.capabilities)}
            actions={
              <button
                type="button"
                onClick={() => lastArgs.current && run(lastArgs.current)}
                data-testid="rerun-button"
                title="Run again with the same arguments (the form may have changed since)"
                className="rounded border border-zinc-300 px-1.5 py-0.5 text-xs hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
              >
                ↻ Re-run
              </button>
            }
          />
        </div>
      )}
      <CallHistory
        historyKey={`${serverId}/${tool.name}`}
        onRestore={setValues}
        saveAs={
          canCall
            ? (args) => ({
                serverId,
                toolName: tool.name,
                args,
                suggestedName: toolDisplayName(tool),
                hasOutputSchema: tool.outputSchema !== undefined,
              })
            : undefined
        }
      />
    </div>
  );
}
