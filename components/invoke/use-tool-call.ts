"use client";

// The state of one tool's calls on its page: the call in flight (progress, input requests,
// cancel), and the last result with the arguments it ran with. Running, as a task or not,
// and recording each call in the session's history happen here, so the page only lays out.
import { useCallback, useRef, useState } from "react";
import { ApiError } from "@/lib/client/fetch-json";
import type { InvocationResponse } from "@/lib/domain/mcp-types";
import { recordCall } from "./session-history";
import { cancelTask, runToolAsTask } from "./run-task";
import { cancelCall, runTool, type InputRequest, type Progress } from "./run-tool";
import { useNow } from "@/components/ui/use-now";

export type ToolCall = {
  execute: (args: Record<string, unknown>) => Promise<void>;
  /** Ends the call in flight as "cancelled" (its result is then shown), or hangs up before it has an id. */
  cancel: () => void;
  running: boolean;
  elapsedMs: number;
  progress: Progress | null;
  /** The server's requests for input, oldest first; the first is answered, then dropped. */
  inputs: InputRequest[];
  dropInput: () => void;
  response: InvocationResponse | null;
  /** The arguments of the call whose result is shown. */
  responseArgs: Record<string, unknown>;
  requestError: string | null;
};

export function useToolCall({
  serverId,
  toolName,
  asTask,
  reason,
}: {
  serverId: string;
  toolName: string;
  asTask: boolean;
  /** Why, when the server's policy asks for a reason. */
  reason: string | undefined;
}): ToolCall {
  const [response, setResponse] = useState<InvocationResponse | null>(null);
  const [responseArgs, setResponseArgs] = useState<Record<string, unknown>>({});
  const [requestError, setRequestError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [inputs, setInputs] = useState<InputRequest[]>([]);
  const controller = useRef<AbortController | null>(null);
  const cancelRef = useRef<(() => void) | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  const now = useNow(100, running);
  const elapsedMs = running ? Math.max(0, now - startedAt) : 0;

  const execute = useCallback(
    async (args: Record<string, unknown>) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setRunning(true);
      setStartedAt(Date.now());
      setProgress(null);
      setInputs([]);
      setRequestError(null);
      const started = Date.now();
      const historyKey = `${serverId}/${toolName}`;
      // Until the call has an id to cancel by, Cancel hangs up (which cancels it on the server too).
      cancelRef.current = () => abort.abort();
      try {
        const result = asTask
          ? await runToolAsTask(serverId, toolName, args, {
              signal: abort.signal,
              reason,
              onStatus: (task) => {
                cancelRef.current = () => void cancelTask(serverId, task).catch(() => abort.abort());
                setProgress({ progress: 0, message: `Task ${task.status}${task.statusMessage ? `: ${task.statusMessage}` : ""}` });
              },
            })
          : await runTool(serverId, toolName, args, {
              signal: abort.signal,
              reason,
              onStarted: (auditId) => {
                cancelRef.current = () => void cancelCall(auditId).then((cancelled) => cancelled || abort.abort());
              },
              onProgress: setProgress,
              onInput: (request) => setInputs((current) => [...current, request]),
            });
        setResponse(result);
        setResponseArgs(args);
        recordCall(historyKey, {
          at: started,
          args,
          status: result.status,
          durationMs: result.durationMs,
          auditId: result.auditId,
          outputVerdict: result.outputValidation.verdict,
        });
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
    [serverId, toolName, asTask, reason],
  );

  const cancel = useCallback(() => cancelRef.current?.(), []);
  const dropInput = useCallback(() => setInputs((current) => current.slice(1)), []);
  return { execute, cancel, running, elapsedMs, progress, inputs, dropInput, response, responseArgs, requestError };
}
