import "server-only";
// How a server's answer to tools/call is read: a result (maybe malformed, maybe a tool error) or
// a request for input, with structured output checked against the tool's outputSchema. Apart from
// the pipeline (./run-call.ts) so that component tests draw what it makes of a real server's answer.
import { isInputRequiredResult } from "@modelcontextprotocol/client";
import type { Tool } from "@/lib/domain/mcp-types";
import { validateOutput } from "@/lib/mcp/output-validation";
import type { Settlement } from "./audit-trail";
import { parseToolResult } from "./parse-result";

export const NO_VALIDATION = { verdict: "none" } as const;

export function settleAnswer(answer: unknown, tool: Tool | undefined): Settlement {
  // Only a caller who asked for rounds (inputRound) gets one back: the SDK answers every other itself.
  if (isInputRequiredResult(answer)) return { status: "input_required", raw: answer, outputValidation: NO_VALIDATION };
  const { result, problems, raw } = parseToolResult(answer);
  const structuredBroken = problems.some((p) => p.path === "structuredContent");
  const outputValidation = result.isError === true || structuredBroken ? NO_VALIDATION : validateOutput(tool, result.structuredContent);
  if (problems.length) return { status: "malformed_result", result, problems, ...(raw === undefined ? {} : { raw }), outputValidation };
  return { status: result.isError === true ? "tool_error" : "ok", result, outputValidation };
}
