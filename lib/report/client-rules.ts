import "server-only";
// The report's client-compatibility rules: how each popular client takes the tool list. The AI
// SDK's adapters for OpenAI and Anthropic send MCP names and schemas unchanged (prepareChatTools
// in @ai-sdk/openai, prepareTools in @ai-sdk/anthropic), so for those the APIs' documented limits
// are what applies; Gemini's schemas go through the Google adapter itself (gemini-schema.ts).
// The sources of each limit are in the rules' `why` (rules.ts) and in docs/report-card.md.
import type { Tool } from "../domain/mcp-types";
import type { Finding } from "../domain/report-card";
import { geminiSchemaFindings } from "./gemini-schema";
import { found, type RuleId } from "./rules";

type NameRule = { rule: RuleId; client: string; pattern: RegExp; allowed: string };

const NAME_RULES: readonly NameRule[] = [
  {
    rule: "clients/openai-tool-name",
    client: "OpenAI function calling",
    pattern: /^[a-zA-Z0-9_-]{1,64}$/,
    allowed: "letters, digits, _ and -, at most 64 characters",
  },
  {
    rule: "clients/anthropic-tool-name",
    client: "Anthropic tool use",
    pattern: /^[a-zA-Z0-9_-]{1,128}$/,
    allowed: "letters, digits, _ and -, at most 128 characters",
  },
  {
    rule: "clients/gemini-tool-name",
    client: "Google Gemini",
    pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    allowed: "a letter or _ first, then letters, digits and _ . : -, at most 64 characters",
  },
];

type CountRule = { rule: RuleId; client: string; cap: number; effect: string };

const COUNT_RULES: readonly CountRule[] = [
  { rule: "clients/openai-tool-count", client: "OpenAI function calling", cap: 128, effect: "refuses a request with all of them" },
  { rule: "clients/vscode-tool-count", client: "VS Code", cap: 128, effect: "refuses a chat request with all of them enabled" },
  { rule: "clients/cursor-tool-count", client: "Cursor", cap: 40, effect: "sends its agent only the first 40" },
];

/** Cursor's cap on a server's name and a tool's name together. */
export const CURSOR_COMBINED_NAME_MAX = 60;
/** Claude's connector directory's cap on a tool's name. */
export const CLAUDE_DIRECTORY_NAME_MAX = 64;

function nameFindings(tool: Tool, serverName: string): Finding[] {
  const at = { tool: tool.name, field: "name" };
  const findings = NAME_RULES.filter((r) => !r.pattern.test(tool.name)).map((r) =>
    found(r.rule, at, `${r.client} refuses "${tool.name}" (${tool.name.length} characters): names there are ${r.allowed}.`),
  );
  const combined = serverName.length + tool.name.length;
  if (combined > CURSOR_COMBINED_NAME_MAX)
    findings.push(
      found(
        "clients/cursor-name-length",
        at,
        `Cursor leaves this tool out: with the server named "${serverName}" the two names are ${combined} characters, over ${CURSOR_COMBINED_NAME_MAX}.`,
      ),
    );
  return findings;
}

function directoryFinding(tool: Tool): Finding[] {
  const missing: string[] = [];
  if (typeof tool.title !== "string" && typeof tool.annotations?.title !== "string") missing.push("a title");
  if (typeof tool.annotations?.readOnlyHint !== "boolean" && typeof tool.annotations?.destructiveHint !== "boolean")
    missing.push("a readOnlyHint or destructiveHint");
  if (tool.name.length > CLAUDE_DIRECTORY_NAME_MAX) missing.push(`a name of at most ${CLAUDE_DIRECTORY_NAME_MAX} characters`);
  if (missing.length === 0) return [];
  return [found("clients/claude-directory", { tool: tool.name }, `Claude's connector directory asks for ${missing.join(", ")}.`)];
}

/** The client rules over one tool that need nothing but the tool and the server's name. */
export function toolClientFindings(tool: Tool, serverName: string): Finding[] {
  return [...nameFindings(tool, serverName), ...directoryFinding(tool)];
}

/** The client rules over the whole list: the tool count caps, and what Gemini makes of every schema. */
export async function listClientFindings(tools: readonly Tool[]): Promise<Finding[]> {
  const findings = COUNT_RULES.filter((r) => tools.length > r.cap).map((r) =>
    found(
      r.rule,
      {},
      `${r.client} takes at most ${r.cap} tools and this server lists ${tools.length}: it ${r.effect}, before any other server's tools are counted.`,
    ),
  );
  findings.push(...(await geminiSchemaFindings(tools)));
  return findings;
}
