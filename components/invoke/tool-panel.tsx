"use client";

// A tool's page: its header and form on the left, the call and its result on the right from
// 1280 px up (so Run and the result are on screen together); below that, one column, and the
// result takes focus and scrolls into view when it arrives.
import { Button } from "@/components/ui/button";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useSearchParams } from "next/navigation";
import { useCan, useViewer } from "@/components/auth/viewer";
import { useCatalog } from "@/components/catalog/catalog-context";
import { useAppToolCalls } from "@/components/apps/use-app-tool-calls";
import { SaveCallButton, type CallToSave } from "@/components/saved/save-call-dialog";
import { takePendingCall } from "@/components/servers/start-authorization";
import { callRequirement } from "@/lib/domain/tool-rules";
import { toolDisplayName } from "@/lib/domain/tool-hints";
import { CallReasonField } from "./call-reason-field";
import { ServerLogBeside } from "@/components/features/server-log";
import { ConfirmCall, confirmationReason, confirmationSkipped } from "./confirm-call";
import { CopyCall } from "./copy-call";
import { ToolDetails } from "./tool-details";
import { ToolForm } from "./tool-form";
import { ToolHeader } from "./tool-header";
import { ToolNotices } from "./tool-notices";
import { DefinitionNotice, usePendingDefinition } from "@/components/pins/definition-notice";
import { ToolOutcome } from "./tool-outcome";
import { useLinkArguments } from "./use-link-arguments";
import { useReplay } from "./use-replay";
import { useServerPolicy } from "./use-server-policy";
import { useToolCall } from "./use-tool-call";
import { Checkbox } from "@/components/ui/checkbox";

/** Where the result sits beside the form (Tailwind's `xl`); below it the result is scrolled to. */
const SIDE_BY_SIDE = "(min-width: 1280px)";

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
  // A tool held since its definition changed (lib/pins) is refused by the pipeline: say so, and offer no Run.
  const pendingDefinition = usePendingDefinition(serverId, toolName, data?.server.toolsUpdatedAt);
  const canCall = hasCallRole && requirement?.allowed !== false && pendingDefinition?.held !== true;
  const [callReason, setCallReason] = useState("");
  const [reasonMissing, setReasonMissing] = useState(false);
  const taskSupport = (tool?.execution as { taskSupport?: string } | undefined)?.taskSupport ?? "forbidden";
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [taskChoice, setTaskChoice] = useState(false);
  const asTask = taskSupport === "required" || (taskSupport === "optional" && taskChoice);
  const reasonRequired = requirement?.reasonRequired === true;
  const call = useToolCall({ serverId, toolName, asTask, reason: reasonRequired ? callReason.trim() : undefined });
  const formRef = useRef<HTMLElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const replay = useReplay(toolName, setValues);
  const linked = useLinkArguments(setValues);
  const [pendingConfirm, setPendingConfirm] = useState<{ args: Record<string, unknown>; reason: string } | null>(null);
  const trusted = policyView?.annotationsTrusted ?? data?.server.trusted ?? false;
  const appCalls = useAppToolCalls({
    serverId,
    serverName: data?.server.name ?? serverId,
    hostTool: toolName,
    tools: data?.tools ?? [],
    trusted,
    reason: reasonRequired ? callReason.trim() : undefined,
  });
  const { execute } = call;

  /** Runs at once, or first asks the user when the tool may destroy data or reach out. */
  const run = useCallback(
    (args: Record<string, unknown>) => {
      if (reasonRequired && !callReason.trim()) {
        setReasonMissing(true);
        document.getElementById("call-reason")?.focus();
        return;
      }
      const reason = tool ? confirmationReason(tool) : null;
      if (tool && reason && !confirmationSkipped(serverId, trusted, tool)) setPendingConfirm({ args, reason });
      else void execute(args);
    },
    [tool, serverId, trusted, execute, reasonRequired, callReason],
  );

  /** Submits the form as it is now: its values, checked against the schema like a click on Run. */
  const submitForm = useCallback(() => {
    formRef.current?.querySelector<HTMLButtonElement>("[data-testid=run-button]")?.click();
  }, []);

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
        submitForm();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [submitForm]);

  // One column: the result would land below the fold, so it is brought into view and focused.
  const { response, requestError, running } = call;
  useEffect(() => {
    if (running || (!response && !requestError)) return;
    if (window.matchMedia(SIDE_BY_SIDE).matches) return;
    resultRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    resultRef.current?.focus({ preventScroll: true });
  }, [response, requestError, running]);

  if (!tool) {
    return (
      <p className="p-8 text-sm text-zinc-600 dark:text-zinc-400">
        {loading ? "Loading…" : `${data?.server.name ?? "This server"} has no tool named "${toolName}".`}
      </p>
    );
  }

  const saveAs = canCall
    ? (args: Record<string, unknown>): CallToSave => ({
        serverId,
        toolName: tool.name,
        args,
        suggestedName: toolDisplayName(tool),
        hasOutputSchema: tool.outputSchema !== undefined,
      })
    : undefined;

  return (
    <div
      className="mx-auto max-w-4xl px-4 py-6 sm:px-8 xl:grid xl:max-w-none xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] xl:items-start xl:gap-8"
      data-testid="tool-panel"
    >
      <div className="min-w-0">
        <ToolHeader tool={tool} serverId={serverId} trusted={trusted} warnings={data?.lint[tool.name]} />
        <ToolNotices
          tool={tool}
          values={values}
          replay={replay}
          linked={linked}
          policyRefusal={requirement && !requirement.allowed ? requirement.because : null}
          mayCall={hasCallRole}
        />
        {pendingDefinition && <DefinitionNotice serverId={serverId} pending={pendingDefinition} />}
        <section
          className="mt-6 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
          ref={formRef}
          aria-label="Arguments"
          id="tool-form"
        >
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
                : pendingDefinition?.held
                  ? "Held: this tool's definition changed since it was approved, and an admin has not approved the new one."
                  : hasCallRole
                    ? (requirement?.because ?? "This server's policy does not let you call this tool.")
                    : "Your role may browse this tool but not call it; calling needs the operator or admin role."
            }
            actions={
              running ? (
                <Button onPress={call.cancel} data-testid="cancel-button" className={BUTTON_SECONDARY}>
                  Cancel
                </Button>
              ) : (
                <>
                  {saveAs && <SaveCallButton className={`${BUTTON_SECONDARY} ml-1`} label="Save" call={saveAs(values)} />}
                  {taskSupport !== "forbidden" && (
                    <Checkbox
                      className="ml-2 flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400"
                      title="Tasks (2025-11-25): the call returns at once and is polled"
                      isSelected={asTask}
                      isDisabled={taskSupport === "required"}
                      onChange={(checked) => setTaskChoice(checked)}
                      testId="run-as-task"
                    >
                      Run as a task{taskSupport === "required" ? " (required)" : ""}
                    </Checkbox>
                  )}
                </>
              )
            }
          />
          {data && <CopyCall server={data.server} tool={tool.name} inputSchema={tool.inputSchema} args={values} />}
        </section>
        <ToolDetails tool={tool} trusted={trusted} warnings={data?.lint[tool.name]} />
      </div>

      <div className="mt-6 min-w-0 xl:sticky xl:top-0 xl:mt-0 xl:max-h-[calc(100dvh-2.75rem)] xl:overflow-y-auto xl:pt-0 xl:pb-6">
        <ToolOutcome
          tool={tool}
          serverId={serverId}
          serverName={data?.server.name ?? serverId}
          resourcesReadable={Boolean(data?.server.capabilities && "resources" in data.server.capabilities)}
          call={call}
          appCalls={appCalls}
          onRerun={submitForm}
          onRestore={setValues}
          onRunAgain={
            canCall
              ? (args) => {
                  setValues(args);
                  run(args);
                }
              : undefined
          }
          saveAs={saveAs}
          resultRef={resultRef}
        />
        {data?.server.status === "ready" && <ServerLogBeside serverId={serverId} />}
      </div>

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
    </div>
  );
}
