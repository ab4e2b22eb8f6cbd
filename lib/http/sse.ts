import "server-only";
// A server-sent-events response: named events with JSON data, a keep-alive comment so
// proxies do not cut an idle stream, and cleanup when the client goes away. The front door's
// call endpoint writes the same events on Node's own response, with the pieces below.
// Open streams are counted (/metrics) and kept: a process that shuts down ends them, and the
// browser's EventSource reconnects, through the load balancer, to a process that stays.
import { openEventStream } from "@/lib/metrics/metrics";
import { processWide } from "@/lib/process-wide";
import { stringifyAnswer } from "./json-text";

const openStreams = processWide("sse-streams", () => new Set<() => void>());

/** Ends every live feed this process serves (not the streams of calls in flight). */
export function closeAllEventStreams(): number {
  const closes = [...openStreams];
  for (const close of closes) close();
  return closes.length;
}
export const SSE_KEEPALIVE_MS = 15_000;
export const SSE_KEEPALIVE = ": keepalive\n\n";

export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};

/** One event, as it goes on the wire. */
export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${stringifyAnswer(data)}\n\n`;
}

export type SseSink = { send: (event: string, data: unknown) => void; close: () => void };

export function sseResponse(signal: AbortSignal, start: (sink: SseSink) => (() => void) | void): Response {
  const encoder = new TextEncoder();
  let cleanup: (() => void) | void;
  let keepalive: NodeJS.Timeout | undefined;
  let closed = false;
  const uncount = openEventStream("server");
  let close = (): void => undefined;
  /** Ends the stream's life here once, however it ends (closed by us, or cancelled by the client). */
  const end = (): boolean => {
    if (closed) return false;
    closed = true;
    clearInterval(keepalive);
    uncount();
    openStreams.delete(close);
    cleanup?.();
    return true;
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      close = (): void => {
        if (!end()) return;
        try {
          controller.close();
        } catch {
          // already closed by the runtime
        }
      };
      const sink: SseSink = {
        send: (event, data) => {
          if (!closed) controller.enqueue(encoder.encode(sseEvent(event, data)));
        },
        close,
      };
      keepalive = setInterval(() => !closed && controller.enqueue(encoder.encode(SSE_KEEPALIVE)), SSE_KEEPALIVE_MS);
      keepalive.unref();
      signal.addEventListener("abort", close, { once: true });
      openStreams.add(close);
      cleanup = start(sink);
    },
    cancel() {
      end();
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}
