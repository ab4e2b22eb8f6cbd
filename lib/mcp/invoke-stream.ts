import "server-only";
// A tool call for the browser: the same call as invokeTool, answered as server-sent events
// so that progress and the server's requests for input (elicitation, sampling) reach the
// user while the call runs. Closing the stream cancels the call.
import { errorBody } from "@/lib/errors";
import { sseResponse } from "@/lib/http/sse";
import { invokeTool, type InvokeToolInput } from "./invoke";
import { withInteractor } from "./user-input";

export function invokeToolStream(input: Omit<InvokeToolInput, "signal" | "onprogress">, signal: AbortSignal): Response {
  return sseResponse(signal, (sink) => {
    withInteractor(
      input.serverId,
      (request) => sink.send("input", request),
      () => invokeTool({ ...input, signal, onprogress: (progress) => sink.send("progress", progress) }),
    )
      .then((response) => sink.send("result", response))
      .catch((error: unknown) => sink.send("error", errorBody(error).body.error))
      .finally(() => sink.close());
  });
}
