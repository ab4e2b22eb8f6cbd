// Tools that return every result type the spec defines, and each way a call can fail.
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { CHART_ICONS } from "../icons";
import { barChartPng, toneWav } from "../media";
import { DEMO_REPORT_CSV } from "../resources";
import { text, type DemoTool } from "../types";

const NO_PARAMS = { type: "object", additionalProperties: false } as const;

export const resultTools: DemoTool[] = [
  {
    definition: {
      name: "render_markdown",
      title: "Markdown report",
      description: "Returns a Markdown document (headings, a table, code, a link).",
      inputSchema: { type: "object", properties: { topic: { type: "string", default: "Release 1.4" } } },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run: (args) =>
      text(
        [
          `# ${String(args.topic ?? "Release 1.4")}`,
          "",
          "Shipped on **time**, with _two_ known issues.",
          "",
          "| Area | Status |",
          "| --- | --- |",
          "| API | done |",
          "| Docs | in review |",
          "",
          "```ts",
          'const greeting: string = "hello";',
          "```",
          "",
          "See [the changelog](https://example.com/changelog).",
        ].join("\n"),
      ),
  },
  {
    definition: {
      name: "get_json",
      title: "JSON document",
      description: "Returns JSON as text, without structured content.",
      inputSchema: NO_PARAMS,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run: () =>
      text(
        JSON.stringify({
          service: "toolscope-demo",
          healthy: true,
          regions: [
            { name: "eu-west", latencyMs: 12 },
            { name: "us-east", latencyMs: 48 },
          ],
        }),
      ),
  },
  {
    definition: {
      name: "draw_chart",
      title: "Bar chart",
      description: "Draws the given values as a PNG bar chart (an image result).",
      inputSchema: {
        type: "object",
        properties: {
          values: { type: "array", items: { type: "number", minimum: 0 }, minItems: 1, maxItems: 40, default: [3, 7, 4, 9, 6] },
        },
        required: ["values"],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
      icons: CHART_ICONS,
    },
    run: (args) => ({
      content: [
        { type: "image", mimeType: "image/png", data: barChartPng((args.values as number[]) ?? []).toString("base64") },
        { type: "text", text: `A chart of ${(args.values as number[]).length} values.` },
      ],
    }),
  },
  {
    definition: {
      name: "play_tone",
      title: "Play a tone",
      description: "Synthesizes a sine tone as a WAV file (an audio result).",
      inputSchema: {
        type: "object",
        properties: {
          frequencyHz: { type: "number", minimum: 50, maximum: 2000, default: 440 },
          durationMs: { type: "integer", minimum: 50, maximum: 3000, default: 600 },
        },
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run: (args) => ({
      content: [
        {
          type: "audio",
          mimeType: "audio/wav",
          data: toneWav(Number(args.frequencyHz ?? 440), Number(args.durationMs ?? 600)).toString("base64"),
        },
      ],
    }),
  },
  {
    definition: {
      name: "link_resources",
      title: "Resource links",
      description: "Returns resource_link items that point at resources readable with resources/read.",
      inputSchema: NO_PARAMS,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run: () => ({
      content: [
        {
          type: "resource_link",
          uri: "demo://files/report.csv",
          name: "report.csv",
          title: "Visitors report",
          description: "Monthly visitors",
          mimeType: "text/csv",
        },
        { type: "resource_link", uri: "demo://files/config.json", name: "config.json", mimeType: "application/json" },
      ],
    }),
  },
  {
    definition: {
      name: "embed_resources",
      title: "Embedded resources",
      description: "Returns an embedded text resource and an embedded binary (blob) resource.",
      inputSchema: NO_PARAMS,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run: () => ({
      content: [
        { type: "resource", resource: { uri: "demo://files/report.csv", mimeType: "text/csv", text: DEMO_REPORT_CSV } },
        {
          type: "resource",
          resource: { uri: "demo://files/chart.png", mimeType: "image/png", blob: barChartPng([2, 5, 3], 120, 60).toString("base64") },
        },
      ],
    }),
  },
  {
    definition: {
      name: "annotated_content",
      title: "Annotated content",
      description: "Content blocks carrying annotations: audience, priority and lastModified.",
      inputSchema: NO_PARAMS,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run: () => ({
      content: [
        {
          type: "text",
          text: "For the user only, high priority.",
          annotations: { audience: ["user"], priority: 0.9, lastModified: "2026-11-01T09:30:00Z" },
        },
        { type: "text", text: "For the assistant, low priority.", annotations: { audience: ["assistant"], priority: 0.1 } },
        {
          type: "resource",
          resource: { uri: "demo://files/config.json", mimeType: "application/json", text: '{"retries":3}' },
          annotations: { audience: ["user", "assistant"], priority: 0.5, lastModified: "2026-10-15T12:00:00Z" },
        },
      ],
    }),
  },
  {
    definition: {
      name: "broken_structured",
      title: "Non-conforming structured output",
      description:
        "Declares an output schema and deliberately returns structured content that violates it, so a client's validation can be seen at work.",
      inputSchema: NO_PARAMS,
      outputSchema: {
        type: "object",
        properties: { count: { type: "integer", minimum: 0 }, status: { enum: ["ok", "degraded"] } },
        required: ["count", "status"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run: () => {
      const wrong = { count: "three", status: "unknown", extra: true };
      return { content: [{ type: "text", text: JSON.stringify(wrong) }], structuredContent: wrong };
    },
  },
  {
    definition: {
      name: "fail_tool",
      title: "Failing tool",
      description: "Always fails with a tool execution error (a result with isError: true).",
      inputSchema: { type: "object", properties: { reason: { type: "string", default: "The upstream API returned 503." } } },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run: (args) => ({ content: [{ type: "text", text: String(args.reason ?? "The upstream API returned 503.") }], isError: true }),
  },
  {
    definition: {
      name: "protocol_error",
      title: "Protocol error",
      description: "Always answers with a JSON-RPC error instead of a result.",
      inputSchema: {
        type: "object",
        properties: { code: { type: "integer", default: -32603, description: "The JSON-RPC error code to answer with" } },
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run: (args) => {
      const code = Number.isInteger(args.code) ? Number(args.code) : ProtocolErrorCode.InternalError;
      throw new ProtocolError(code, "The demo server refused this request on purpose.", { hint: "protocol_error always fails" });
    },
  },
];
