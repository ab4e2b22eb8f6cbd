import "server-only";
// OpenTelemetry traces of a call, when an OTLP exporter is configured the standard way
// (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; OTEL_SERVICE_NAME,
// OTEL_EXPORTER_OTLP_HEADERS and the OTEL_BSP_* settings are read by the SDK): the request
// (continuing the caller's W3C traceparent), the pipeline, the MCP request and the audit
// writes, one trace. Without an exporter nothing is set up and every span is the API's no-op.
import { context, propagation, trace, SpanKind, SpanStatusCode, type Attributes, type Span } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { processWide } from "@/lib/process-wide";

const state = processWide("tracing", () => ({ provider: undefined as TracerProvider | undefined }));

/** Whether the environment names an OTLP endpoint for traces (and does not turn traces off). */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if ((env.OTEL_TRACES_EXPORTER ?? "").split(",").includes("none") || env.OTEL_SDK_DISABLED === "true") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/** Starts exporting traces when configured; answers whether it did. */
export function startTracing(replica: string): boolean {
  if (state.provider || !tracingConfigured()) return Boolean(state.provider);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      "service.name": process.env.OTEL_SERVICE_NAME || "toolscope",
      "service.instance.id": replica,
    }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: scheduleDelay() })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  state.provider = provider;
  return true;
}

/** Sends what is buffered and stops (a process that shuts down). */
export async function stopTracing(): Promise<void> {
  const provider = state.provider;
  state.provider = undefined;
  await provider?.shutdown().catch(() => undefined);
}

/** OTEL_BSP_SCHEDULE_DELAY, which this SDK's processor does not read itself. */
function scheduleDelay(): number {
  const value = Number(process.env.OTEL_BSP_SCHEDULE_DELAY);
  return Number.isInteger(value) && value > 0 ? value : 5_000;
}

function tracer() {
  return trace.getTracer("toolscope");
}

type SpanOptions = { kind?: SpanKind; attributes?: Attributes; parent?: Record<string, string | string[] | undefined> };

/**
 * Runs `work` in a span: ended when it settles, an exception recorded as the span's error.
 * `parent`: request headers to continue the caller's trace from (traceparent, tracestate).
 */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const parent = options.parent ? propagation.extract(context.active(), options.parent) : context.active();
  return tracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes ?? {} },
    parent,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

export { SpanKind, SpanStatusCode };
