// Tools whose input schemas exercise JSON Schema as MCP servers really write it: formats,
// defaults and examples, nullable fields, titled enums, oneOf/anyOf variants, $ref/$defs
// (recursive too), additionalProperties maps, writeOnly secrets and a draft-07 schema.
import { CHART_ICONS } from "../icons";
import { text, type DemoTool } from "../types";

const json = (value: unknown): string => JSON.stringify(value, null, 2);

export const schemaTools: DemoTool[] = [
  {
    definition: {
      name: "schedule_meeting",
      title: "Schedule a meeting",
      description: "Formats (date, date-time, email, uri), defaults, examples, nullable fields and a titled enum.",
      inputSchema: {
        type: "object",
        properties: {
          subject: { type: "string", examples: ["Quarterly review"] },
          day: { type: "string", format: "date", description: "The day of the meeting" },
          startsAt: { type: "string", format: "date-time" },
          organizer: { type: "string", format: "email", examples: ["ada@example.com"] },
          agendaUrl: { type: "string", format: "uri" },
          durationMinutes: { type: "integer", minimum: 5, maximum: 480, default: 30 },
          room: { type: ["string", "null"], description: "Room name, or null for a video call", default: null },
          notes: { anyOf: [{ type: "string", maxLength: 500 }, { type: "null" }], description: "Optional notes (nullable via anyOf)" },
          priority: {
            title: "Priority",
            oneOf: [
              { const: "low", title: "Low — whenever" },
              { const: "normal", title: "Normal" },
              { const: "high", title: "High — today" },
            ],
            default: "normal",
          },
          recurring: { type: "boolean", default: false },
        },
        required: ["subject", "day", "organizer"],
      },
      annotations: { destructiveHint: false, openWorldHint: false },
    },
    run: (args) => text(`Meeting scheduled:\n${json(args)}`),
  },
  {
    definition: {
      name: "configure_alert",
      title: "Configure an alert",
      description: "A oneOf of delivery channels (each variant an object), an anyOf threshold, and shared $defs.",
      inputSchema: {
        type: "object",
        $defs: {
          duration: { type: "string", pattern: "^[0-9]+(s|m|h)$", description: "e.g. 30s, 5m, 1h", examples: ["5m"] },
          email: {
            type: "object",
            title: "Email",
            properties: { kind: { const: "email" }, to: { type: "string", format: "email" } },
            required: ["kind", "to"],
          },
          webhook: {
            type: "object",
            title: "Webhook",
            properties: { kind: { const: "webhook" }, url: { type: "string", format: "uri" }, secret: { type: "string", writeOnly: true } },
            required: ["kind", "url"],
          },
          sms: {
            type: "object",
            title: "SMS",
            properties: { kind: { const: "sms" }, phone: { type: "string", pattern: "^\\+[0-9]{6,15}$" } },
            required: ["kind", "phone"],
          },
        },
        properties: {
          metric: { type: "string", enum: ["cpu", "memory", "latency", "errors"] },
          threshold: {
            anyOf: [
              { type: "number", title: "Absolute value" },
              { type: "string", pattern: "^[0-9]+%$", title: "Percentage" },
            ],
          },
          window: { $ref: "#/$defs/duration" },
          channel: { oneOf: [{ $ref: "#/$defs/email" }, { $ref: "#/$defs/webhook" }, { $ref: "#/$defs/sms" }] },
        },
        required: ["metric", "threshold", "channel"],
      },
      annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    run: (args) => text(`Alert configured:\n${json(args)}`),
  },
  {
    definition: {
      name: "plan_project",
      title: "Plan a project",
      description: "A recursive $ref: tasks with subtasks, and an additionalProperties map of labels.",
      inputSchema: {
        type: "object",
        $defs: {
          task: {
            type: "object",
            properties: {
              name: { type: "string" },
              estimateHours: { type: "number", minimum: 0 },
              subtasks: { type: "array", items: { $ref: "#/$defs/task" } },
            },
            required: ["name"],
          },
        },
        properties: {
          project: { type: "string" },
          tasks: { type: "array", items: { $ref: "#/$defs/task" }, minItems: 1 },
          labels: { type: "object", description: "Free-form labels", additionalProperties: { type: "string" } },
        },
        required: ["project", "tasks"],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
      icons: CHART_ICONS,
    },
    run: (args) => {
      type Task = { name: string; estimateHours?: number; subtasks?: Task[] };
      const total = (tasks: Task[]): number => tasks.reduce((sum, t) => sum + (t.estimateHours ?? 0) + total(t.subtasks ?? []), 0);
      return text(`${String(args.project)}: ${total((args.tasks as Task[]) ?? [])} hours in all.`);
    },
  },
  {
    definition: {
      name: "sign_in",
      title: "Sign in",
      description: "A writeOnly password field (and a format: password token), which should render masked and never be stored in clear.",
      inputSchema: {
        type: "object",
        properties: {
          username: { type: "string", examples: ["ada"] },
          password: { type: "string", writeOnly: true, minLength: 8 },
          otp: { type: "string", format: "password", description: "One-time code", pattern: "^[0-9]{6}$" },
          remember: { type: "boolean", default: false },
        },
        required: ["username", "password"],
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    run: (args) => text(`Signed in as ${String(args.username)} (the password was ${String(args.password).length} characters long).`),
  },
  {
    definition: {
      name: "legacy_calculator",
      title: "Calculator (draft-07 schema)",
      description: "Declares `$schema: draft-07`, with `definitions` and a draft-07 `$ref`.",
      inputSchema: {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        definitions: { operand: { type: "number", description: "A finite number" } },
        properties: {
          a: { $ref: "#/definitions/operand" },
          b: { $ref: "#/definitions/operand" },
          op: { type: "string", enum: ["add", "subtract", "multiply", "divide"], default: "add" },
        },
        required: ["a", "b"],
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    run: (args) => {
      const a = Number(args.a);
      const b = Number(args.b);
      const op = String(args.op ?? "add");
      if (op === "divide" && b === 0) return { content: [{ type: "text", text: "Cannot divide by zero." }], isError: true };
      const value = op === "subtract" ? a - b : op === "multiply" ? a * b : op === "divide" ? a / b : a + b;
      return { content: [{ type: "text", text: String(value) }], structuredContent: { value } };
    },
  },
];
