// The report's model-facing rules: what a model needs from a tool list to choose and fill tools
// well (descriptions of tools and parameters, explained enum values) and what the list costs it
// in tokens. Tokens are counted with o200k_base (gpt-tokenizer), the encoding of current OpenAI
// models; other vendors' tokenizers differ by some tens of percent, not by orders of magnitude.
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import type { Tool } from "../domain/mcp-types";
import type { Finding, TokenCost } from "../domain/report-card";
import { found } from "./rules";
import { isObject, rootProperties } from "./schema-walk";

const SHORT_DESCRIPTION_CHARS = 20;
const SHORT_DESCRIPTION_WORDS = 4;
export const LIST_TOKEN_BUDGET = 20_000;
export const TOOL_TOKEN_BUDGET = 2_000;
const BIGGEST = 5;

/** A tool as a model's API receives it: its name, description and input schema. */
export function modelView(tool: Tool): string {
  return JSON.stringify({ name: tool.name, description: tool.description ?? "", parameters: tool.inputSchema });
}

/**
 * Counted once per tool object: a catalog keeps its objects until the server lists again, and its
 * report card is made again every minute someone looks at it (server-report.ts). Counting 10,000
 * tools is some hundreds of milliseconds each time.
 */
const counted = new WeakMap<Tool, number>();

export function toolTokens(tool: Tool): { tool: string; tokens: number } {
  let tokens = counted.get(tool);
  if (tokens === undefined) {
    tokens = countTokens(modelView(tool));
    counted.set(tool, tokens);
  }
  return { tool: tool.name, tokens };
}

export function tokenCost(each: readonly { tool: string; tokens: number }[]): TokenCost {
  const total = each.reduce((sum, t) => sum + t.tokens, 0);
  // The five costliest, and every other tool over the budget of one tool.
  const biggest = [...each].sort((a, b) => b.tokens - a.tokens).filter((t, i) => i < BIGGEST || t.tokens > TOOL_TOKEN_BUDGET);
  return { encoding: "o200k_base", total, biggest };
}

function descriptionFindings(tool: Tool): Finding[] {
  const description = (tool.description ?? "").trim();
  const at = { tool: tool.name, field: "description" };
  if (description === "") return [found("quality/description-missing", at, "The tool has no description.")];
  const words = description.split(/\s+/).length;
  // Scripts without spaces between words (Chinese, Japanese) are judged by length alone.
  const spaced = /\s/.test(description);
  if (description.length < SHORT_DESCRIPTION_CHARS || (spaced && words < SHORT_DESCRIPTION_WORDS))
    return [found("quality/description-short", at, `The description is ${description.length} characters: "${description}".`)];
  return [];
}

function explainsValues(property: Record<string, unknown>): boolean {
  if (typeof property.description === "string" && property.description.trim().length >= SHORT_DESCRIPTION_CHARS) return true;
  const options = (property.oneOf ?? property.anyOf) as unknown;
  return (
    Array.isArray(options) &&
    options.every((option) => isObject(option) && (typeof option.title === "string" || typeof option.description === "string"))
  );
}

function parameterFindings(tool: Tool): Finding[] {
  const findings: Finding[] = [];
  const undescribed: string[] = [];
  for (const [name, property] of rootProperties(tool.inputSchema)) {
    const described = typeof property.description === "string" && property.description.trim() !== "";
    if (!described && typeof property.title !== "string") undescribed.push(name);
    const values = Array.isArray(property.enum)
      ? property.enum
      : isObject(property.items) && Array.isArray(property.items.enum)
        ? property.items.enum
        : null;
    if (values && values.length > 1 && !explainsValues(property))
      findings.push(
        found(
          "quality/enum-unexplained",
          { tool: tool.name, field: `inputSchema.properties.${name}` },
          `"${name}" allows ${values.map((v) => JSON.stringify(v)).join(", ")} without saying what each means.`,
        ),
      );
  }
  if (undescribed.length)
    findings.unshift(
      found(
        "quality/parameter-description-missing",
        { tool: tool.name, field: "inputSchema.properties" },
        `${undescribed.length === 1 ? "This parameter has" : "These parameters have"} no description: ${undescribed.join(", ")}.`,
      ),
    );
  return findings;
}

/** The quality rules over one tool: its description and its parameters. */
export function toolQualityFindings(tool: Tool): Finding[] {
  return [...descriptionFindings(tool), ...parameterFindings(tool)];
}

/** What the whole list costs a model, and the tools that cost most. */
export function tokenFindings(cost: TokenCost): Finding[] {
  const findings: Finding[] = [];
  if (cost.total > LIST_TOKEN_BUDGET)
    findings.push(
      found(
        "quality/token-cost",
        {},
        `The tool list costs ${cost.total.toLocaleString("en")} tokens (o200k_base) on every model request; the biggest: ${cost.biggest
          .slice(0, BIGGEST)
          .map((b) => `${b.tool} (${b.tokens.toLocaleString("en")})`)
          .join(", ")}.`,
      ),
    );
  for (const big of cost.biggest)
    if (big.tokens > TOOL_TOKEN_BUDGET)
      findings.push(found("quality/token-cost", { tool: big.tool }, `This tool alone costs ${big.tokens.toLocaleString("en")} tokens.`));
  return findings;
}
