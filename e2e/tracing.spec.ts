// OpenTelemetry traces: a Toolscope told where an OTLP collector is (the standard
// OTEL_EXPORTER_OTLP_ENDPOINT) sends it one trace per call, continuing the caller's W3C
// traceparent: the request, the pipeline, the MCP request and the audit writes. The collector
// is made in the test: it takes OTLP/HTTP JSON on loopback and keeps the spans.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { e2ePort } from "./ports";

const PORT = e2ePort("TOOLSCOPE_E2E_TRACING_PORT", 3188);

type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
};
type OtlpExport = {
  resourceSpans: { resource: { attributes: OtlpSpan["attributes"] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
};

let collector: http.Server;
const exports: OtlpExport[] = [];
let toolscope: OwnToolscope;
let dataDir = "";

test.beforeAll(async () => {
  collector = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.url === "/v1/traces") exports.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport);
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-tracing-"));
  fs.writeFileSync(path.join(dataDir, "mcp.json"), JSON.stringify({ mcpServers: {} }));
  toolscope = await startOwnToolscope({
    port: PORT,
    dataDir,
    env: {
      TOOLSCOPE_DEMO_SERVER: "on",
      TOOLSCOPE_CONFIG: path.join(dataDir, "mcp.json"),
      TOOLSCOPE_REPLICA_NAME: "traced",
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      OTEL_BSP_SCHEDULE_DELAY: "100",
      OTEL_SERVICE_NAME: "toolscope-under-test",
    },
  });
});

test.afterAll(async () => {
  await toolscope?.stop();
  collector?.closeAllConnections();
  await new Promise((resolve) => collector?.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const attribute = (span: OtlpSpan, key: string): unknown => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

test("a call is one trace: request, pipeline, MCP request and audit writes, continuing the caller's", async () => {
  const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
  const callerSpan = "00f067aa0ba902b7";
  const answer = await fetch(`${toolscope.baseUrl}/api/servers/demo/tools/echo/call`, {
    method: "POST",
    headers: { ...toolscope.headers, traceparent: `00-${traceId}-${callerSpan}-01` },
    body: JSON.stringify({ arguments: { message: "traced" } }),
  });
  const { status, auditId } = (await answer.json()) as { status: string; auditId: string };
  expect(status).toBe("ok");

  const spansOf = (): OtlpSpan[] =>
    exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))).filter((s) => s.traceId === traceId);
  await expect.poll(() => spansOf().length, { timeout: 15_000 }).toBe(5);
  const spans = spansOf();
  const named = (name: string): OtlpSpan => {
    const span = spans.find((s) => s.name === name);
    if (!span) throw new Error(`no span "${name}" among ${spans.map((s) => s.name).join(", ")}`);
    return span;
  };
  const request = named("POST /api/servers/{serverId}/tools/{toolName}/call");
  const pipeline = named("toolscope.call");
  const mcp = named("tools/call echo");
  expect(request.parentSpanId).toBe(callerSpan);
  expect(pipeline.parentSpanId).toBe(request.spanId);
  for (const child of [named("audit.open"), mcp, named("audit.complete")]) expect(child.parentSpanId).toBe(pipeline.spanId);
  expect(attribute(request, "http.response.status_code")).toBe(200);
  expect(attribute(pipeline, "toolscope.call.outcome")).toBe("ok");
  expect(attribute(pipeline, "toolscope.audit.id")).toBe(auditId);
  expect(attribute(mcp, "mcp.method.name")).toBe("tools/call");
  expect(attribute(mcp, "gen_ai.tool.name")).toBe("echo");
  const resource = exports.flatMap((e) => e.resourceSpans.map((r) => r.resource))[0]!;
  const resourceValue = (key: string): unknown => resource.attributes?.find((a) => a.key === key)?.value.stringValue;
  expect(resourceValue("service.name")).toBe("toolscope-under-test");
  expect(resourceValue("service.instance.id")).toBe("traced");
});
