// Runs a tool from the browser through Toolscope's streaming call endpoint: the call's audit
// id once it starts (cancelCall uses it), progress events while it runs, then the result.
// Cancelling through cancelCall ends the call with a "cancelled" result; aborting the signal
// hangs up, which cancels it on the server too, but leaves no result to show.
import { ApiError } from "@/lib/client/fetch-json";
import { readSse } from "@/lib/client/read-sse";
import type { InvocationResponse } from "@/lib/domain/mcp-types";
import type { SamplingDraft } from "@/lib/domain/sampling";

export type Progress = { progress: number; total?: number; message?: string };

/** A server's request for input during the call, to be answered by the user; a sampling request may come with a model's draft. */
export type InputRequest = {
  id: string;
  serverId: string;
  kind: "elicitation" | "sampling";
  params: Record<string, unknown>;
  draft?: SamplingDraft;
};

export async function runTool(
  serverId: string,
  toolName: string,
  args: Record<string, unknown>,
  {
    signal,
    onStarted,
    onProgress,
    onInput,
    reason,
    appOf,
  }: {
    signal: AbortSignal;
    /** Why, when the server's policy asks for a reason. */
    reason?: string | undefined;
    /** The tool whose MCP App makes this call, for the audit log (lib/domain/audit-via.ts). */
    appOf?: string | undefined;
    onStarted: (auditId: string) => void;
    onProgress: (p: Progress) => void;
    onInput: (request: InputRequest) => void;
  },
): Promise<InvocationResponse> {
  let response: Response;
  try {
    response = await fetch(`/api/servers/${encodeURIComponent(serverId)}/tools/${encodeURIComponent(toolName)}/call`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ arguments: args, ...(reason ? { reason } : {}), ...(appOf ? { via: { app: appOf } } : {}) }),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError("network", "Toolscope's server did not answer. Is it still running?", 0);
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(
      body?.error?.code ?? "http",
      body?.error?.message ?? `The call failed with HTTP ${response.status}`,
      response.status,
    );
  }
  for await (const { event, data } of readSse(response.body)) {
    if (event === "started") onStarted((data as { auditId: string }).auditId);
    else if (event === "progress") onProgress(data as Progress);
    else if (event === "input") onInput(data as InputRequest);
    else if (event === "result") return data as InvocationResponse;
    else if (event === "error") {
      const err = data as { code: string; message: string };
      throw new ApiError(err.code, err.message, 500);
    }
  }
  throw new ApiError("stream", "The call's stream ended without a result.", 0);
}

/** Asks Toolscope to cancel a call in flight; the call's stream then ends with its "cancelled" result. */
export async function cancelCall(auditId: string): Promise<boolean> {
  const response = await fetch(`/api/calls/${encodeURIComponent(auditId)}`, { method: "DELETE" }).catch(() => null);
  return response?.ok ?? false;
}
