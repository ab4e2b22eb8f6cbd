import "server-only";
// A server-sent-events response: named events with JSON data, a keep-alive comment so
// proxies do not cut an idle stream, and cleanup when the client goes away.
const KEEPALIVE_MS = 15_000;

export type SseSink = { send: (event: string, data: unknown) => void; close: () => void };

export function sseResponse(signal: AbortSignal, start: (sink: SseSink) => (() => void) | void): Response {
  const encoder = new TextEncoder();
  let cleanup: (() => void) | void;
  let keepalive: NodeJS.Timeout | undefined;
  let closed = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const close = (): void => {
        if (closed) return;
        closed = true;
        clearInterval(keepalive);
        cleanup?.();
        try {
          controller.close();
        } catch {
          // already closed by the runtime
        }
      };
      const sink: SseSink = {
        send: (event, data) => {
          if (!closed) controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        },
        close,
      };
      keepalive = setInterval(() => !closed && controller.enqueue(encoder.encode(": keepalive\n\n")), KEEPALIVE_MS);
      keepalive.unref();
      signal.addEventListener("abort", close, { once: true });
      cleanup = start(sink);
    },
    cancel() {
      closed = true;
      clearInterval(keepalive);
      cleanup?.();
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
