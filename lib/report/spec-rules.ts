// The report's spec rules: what the tools spec asks of each tool that the SDK's schema check
// does not enforce (names, schema shapes and dialects, titles, annotations, icons, _meta keys).
import { compileSchema } from "@/lib/json-schema/dialect";
import type { InvalidToolInfo, Tool } from "../domain/mcp-types";
import type { Finding } from "../domain/report-card";
import { xMcpHeaderViolation } from "@/lib/mcp/x-mcp-header";
import { found } from "./rules";
import { isObject, schemaNodes } from "./schema-walk";

const NAME_CHARS = /^[A-Za-z0-9_.-]+$/;
const TITLE_MAX = 100;
const SIZE = /^(any|\d+x\d+)$/;
// _meta keys (basic/index#meta): an optional prefix of dot-separated labels ending in "/", then a name.
const LABEL = "[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
const META_KEY = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*/)?(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$`);
const RESERVED_LABEL = /^(?:modelcontextprotocol|mcp)$/;
/** Keys the spec and its extensions define under reserved prefixes, which servers set themselves. */
const KNOWN_RESERVED = /^(io\.modelcontextprotocol\/|modelcontextprotocol\.io\/)/;

export function nameFindings(tools: readonly Tool[]): Finding[] {
  const findings: Finding[] = [];
  const count = new Map<string, number>();
  for (const tool of tools) count.set(tool.name, (count.get(tool.name) ?? 0) + 1);
  const reported = new Set<string>();
  for (const tool of tools) {
    const at = { tool: tool.name, field: "name" };
    if (tool.name.length < 1 || tool.name.length > 128)
      findings.push(found("spec/tool-name-length", at, `The name is ${tool.name.length} characters long.`));
    if (tool.name.length > 0 && !NAME_CHARS.test(tool.name))
      findings.push(found("spec/tool-name-characters", at, `"${tool.name}" has characters other than letters, digits, '_', '-' and '.'.`));
    const n = count.get(tool.name) ?? 0;
    if (n > 1 && !reported.has(tool.name)) {
      reported.add(tool.name);
      findings.push(found("spec/tool-name-unique", at, `${n} tools are named "${tool.name}".`));
    }
  }
  return findings;
}

function schemaFindings(tool: Tool, which: "inputSchema" | "outputSchema", schema: unknown): Finding[] {
  const findings: Finding[] = [];
  const at = { tool: tool.name, field: which };
  // The spec's Tool schema already refuses an input schema of another type (spec/invalid-tool); an output schema it lets through.
  if (which === "outputSchema" && (!isObject(schema) || schema.type !== "object"))
    findings.push(
      found(
        "spec/output-schema-object",
        at,
        `The outputSchema has type ${JSON.stringify(isObject(schema) ? schema.type : schema) ?? "undefined"}.`,
      ),
    );
  const compiled = compileSchema(schema);
  if (!compiled.ok) findings.push(found("spec/schema-compiles", at, `The ${which} does not compile: ${compiled.error}`));
  for (const node of schemaNodes(schema, which)) {
    const required = node.schema.required;
    if (!Array.isArray(required) || !isObject(node.schema.properties)) continue;
    const properties = node.schema.properties;
    const missing = required.filter((name) => typeof name === "string" && !(name in properties));
    if (missing.length)
      findings.push(
        found(
          "spec/required-exists",
          { tool: tool.name, field: `${node.path}.required` },
          `required names ${missing.map((m) => `"${String(m)}"`).join(", ")}, which ${missing.length === 1 ? "is" : "are"} not among the properties.`,
        ),
      );
  }
  return findings;
}

function titleFinding(tool: Tool, field: string, title: unknown): Finding | null {
  if (title === undefined) return null;
  const problem =
    typeof title !== "string"
      ? "is not a string"
      : title.trim() === ""
        ? "is empty"
        : /[\r\n]/.test(title)
          ? "spans several lines"
          : title.length > TITLE_MAX
            ? `is ${title.length} characters long`
            : null;
  return problem ? found("spec/title-well-formed", { tool: tool.name, field }, `The ${field} ${problem}.`) : null;
}

/** Hints that are not booleans never get this far (spec/invalid-tool); hints that contradict each other do. */
function annotationFindings(tool: Tool): Finding[] {
  const hints = tool.annotations;
  if (hints?.readOnlyHint !== true || hints.destructiveHint !== true) return [];
  return [
    found(
      "spec/annotations-consistent",
      { tool: tool.name, field: "annotations" },
      "The tool is marked both read-only and destructive; destructiveHint only means something when readOnlyHint is false.",
    ),
  ];
}

function iconFindings(tool: Tool): Finding[] {
  const icons = (tool as { icons?: unknown }).icons;
  if (icons === undefined) return [];
  if (!Array.isArray(icons)) return [found("spec/icon-well-formed", { tool: tool.name, field: "icons" }, "icons is not a list.")];
  const findings: Finding[] = [];
  icons.forEach((icon, i) => {
    const at = { tool: tool.name, field: `icons[${i}]` };
    if (!isObject(icon) || typeof icon.src !== "string") {
      findings.push(found("spec/icon-well-formed", at, "The icon has no src."));
      return;
    }
    const problems: string[] = [];
    let scheme = "";
    try {
      scheme = new URL(icon.src).protocol;
    } catch {
      problems.push("its src is not a URL");
    }
    if (scheme && scheme !== "https:" && scheme !== "data:") problems.push(`its src is ${scheme.replace(/:$/, "")}, not https or data`);
    if (icon.mimeType !== undefined && (typeof icon.mimeType !== "string" || !icon.mimeType.startsWith("image/")))
      problems.push(`its mimeType ${JSON.stringify(icon.mimeType)} is not an image type`);
    if (icon.sizes !== undefined && (!Array.isArray(icon.sizes) || icon.sizes.some((s) => typeof s !== "string" || !SIZE.test(s))))
      problems.push(`its sizes ${JSON.stringify(icon.sizes)} are not like "48x48" or "any"`);
    if (icon.theme !== undefined && icon.theme !== "light" && icon.theme !== "dark")
      problems.push(`its theme ${JSON.stringify(icon.theme)} is not light or dark`);
    if (problems.length) findings.push(found("spec/icon-well-formed", at, `Icon ${i + 1}: ${problems.join("; ")}.`));
  });
  return findings;
}

/** What is wrong with one _meta key, or null. */
export function metaKeyProblem(key: string): string | null {
  if (!META_KEY.test(key)) return "does not follow the _meta key syntax (prefix/name)";
  const slash = key.lastIndexOf("/");
  if (slash < 0 || KNOWN_RESERVED.test(key)) return null;
  const labels = key.slice(0, slash).split(".");
  if (labels.slice(0, -1).some((label) => RESERVED_LABEL.test(label)) || RESERVED_LABEL.test(labels.at(-1)!))
    return "uses a prefix reserved for MCP itself";
  return null;
}

function metaFindings(tool: Tool): Finding[] {
  const meta = tool._meta;
  if (!isObject(meta)) return [];
  return Object.keys(meta).flatMap((key) => {
    const problem = metaKeyProblem(key);
    return problem ? [found("spec/meta-key-well-formed", { tool: tool.name, field: `_meta.${key}` }, `The key "${key}" ${problem}.`)] : [];
  });
}

/** The spec rules over a server's whole list: its valid tools and those the list check set aside. */
/** The spec rules over a whole list: unique names, and the tools the list check set aside. */
export function listSpecFindings(tools: readonly Tool[], invalid: readonly InvalidToolInfo[]): Finding[] {
  const findings = nameFindings(tools);
  for (const bad of invalid)
    findings.push(
      found("spec/invalid-tool", { tool: bad.name ?? `#${bad.index + 1}` }, bad.problems.join(" ") || "The tool is not a valid Tool."),
    );
  return findings;
}

/** The spec rules over one tool. */
export function toolSpecFindings(tool: Tool): Finding[] {
  const findings = schemaFindings(tool, "inputSchema", tool.inputSchema);
  if (tool.outputSchema !== undefined) findings.push(...schemaFindings(tool, "outputSchema", tool.outputSchema));
  const header = xMcpHeaderViolation(tool.inputSchema);
  if (header) findings.push(found("spec/x-mcp-header", { tool: tool.name, field: "inputSchema" }, header));
  for (const finding of [titleFinding(tool, "title", tool.title), titleFinding(tool, "annotations.title", tool.annotations?.title)])
    if (finding) findings.push(finding);
  findings.push(...annotationFindings(tool), ...iconFindings(tool), ...metaFindings(tool));
  return findings;
}
