// Toolscope reads a tools/call result itself, block by block, instead of letting the SDK's
// strict schema reject the whole message for one bad block: valid blocks render, each
// malformed one is reported with its reason and kept as sent, and a block type from a newer
// revision is kept too (shown raw). Validators are compiled once; a reason is only worked out
// for a part that failed, so the success path builds no messages.
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import type { CallToolResult } from "@modelcontextprotocol/client";
import type { ResultProblem } from "../domain/result-problems";

export type ParsedResult = {
  /** The result as the server sent it, with `content` always an array (possibly empty). */
  result: CallToolResult;
  /** What breaks the protocol, by path (`content[2]`, `isError`, …); empty when nothing does. */
  problems: ResultProblem[];
  /** The answer as sent, when `result` had to be rebuilt to be read at all. */
  raw?: unknown;
};

type KnownBlockType = "text" | "image" | "audio" | "resource_link" | "resource";

const annotations = {
  type: "object",
  properties: {
    audience: { type: "array", items: { enum: ["user", "assistant"] } },
    priority: { type: "number", minimum: 0, maximum: 1 },
    lastModified: { type: "string" },
  },
};
const meta = { type: "object" };
const base64 = { type: "string", pattern: "^[A-Za-z0-9+/]*={0,2}$" };
const media = (type: string): object => ({
  type: "object",
  required: ["type", "data", "mimeType"],
  properties: { type: { const: type }, data: base64, mimeType: { type: "string" }, annotations, _meta: meta },
});

const BLOCK_SCHEMAS: Record<KnownBlockType, object> = {
  text: {
    type: "object",
    required: ["type", "text"],
    properties: { type: { const: "text" }, text: { type: "string" }, annotations, _meta: meta },
  },
  image: media("image"),
  audio: media("audio"),
  resource_link: {
    type: "object",
    required: ["type", "uri", "name"],
    properties: {
      type: { const: "resource_link" },
      uri: { type: "string" },
      name: { type: "string" },
      title: { type: "string" },
      description: { type: "string" },
      mimeType: { type: "string" },
      size: { type: "number" },
      icons: { type: "array", items: { type: "object", required: ["src"], properties: { src: { type: "string" } } } },
      annotations,
      _meta: meta,
    },
  },
  resource: {
    type: "object",
    required: ["type", "resource"],
    properties: {
      type: { const: "resource" },
      resource: {
        type: "object",
        required: ["uri"],
        properties: { uri: { type: "string" }, mimeType: { type: "string" }, text: { type: "string" }, blob: base64, _meta: meta },
        oneOf: [{ required: ["text"] }, { required: ["blob"] }],
      },
      annotations,
      _meta: meta,
    },
  },
};

const ajv = new Ajv({ allErrors: false, strict: false });
const validators = new Map<string, ValidateFunction>(Object.entries(BLOCK_SCHEMAS).map(([type, schema]) => [type, ajv.compile(schema)]));

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function reasonOf(type: string, error: ErrorObject | undefined): string {
  if (!error) return `not a valid ${type} block`;
  const where = error.instancePath ? `${error.instancePath.slice(1).replaceAll("/", ".")} ` : "";
  if (error.keyword === "oneOf" || error.schemaPath.includes("/oneOf/")) return `${type} block: ${where}must have either text or blob`;
  if (error.keyword === "pattern") return `${type} block: ${where}is not base64`;
  return `${type} block: ${where}${error.message ?? "is not valid"}`;
}

function blockProblem(block: unknown): string | undefined {
  if (!isPlainObject(block)) return "a content block must be an object";
  const type = block.type;
  if (typeof type !== "string") return "a content block needs a string `type`";
  const validate = validators.get(type);
  // A type this revision does not know is shown raw, not treated as broken.
  if (!validate || validate(block)) return undefined;
  return reasonOf(type, validate.errors?.[0]);
}

/** Reads a tools/call result as the server sent it; never throws. */
export function parseToolResult(raw: unknown): ParsedResult {
  if (!isPlainObject(raw)) {
    return { result: { content: [] }, problems: [{ path: "", reason: "the result is not a JSON object" }], raw };
  }
  const problems: ResultProblem[] = [];
  let content = raw.content;
  // Older SDKs treat a missing content array as empty; so does Toolscope.
  if (content === undefined) content = [];
  else if (!Array.isArray(content)) {
    problems.push({ path: "content", reason: "content must be an array of content blocks" });
    content = [];
  }
  (content as unknown[]).forEach((block, index) => {
    const reason = blockProblem(block);
    if (reason) problems.push({ path: `content[${index}]`, reason });
  });
  if (raw.isError !== undefined && typeof raw.isError !== "boolean")
    problems.push({ path: "isError", reason: "isError must be a boolean" });
  if (raw.structuredContent !== undefined && !isPlainObject(raw.structuredContent))
    problems.push({ path: "structuredContent", reason: "structuredContent must be a JSON object" });
  if (content === raw.content) return { result: raw as CallToolResult, problems };
  return { result: { ...raw, content } as CallToolResult, problems, ...(raw.content === undefined ? {} : { raw }) };
}
