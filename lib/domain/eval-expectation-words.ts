// What an expectation says, in a few words, for the pages, the CLI and a run's diff. Client-safe
// and free of zod (suite-file.ts), so a page that shows a run does not load it.
import type { Expectation } from "@/lib/domain/eval-suite-file";

/** What an expectation says, in a few words, for the pages and the CLI. */
export function describeExpectation(e: Expectation): string {
  const tool = (t: { tool: string; server?: string | undefined }) => (t.server ? `${t.server}’s ${t.tool}` : t.tool);
  switch (e.kind) {
    case "called":
      return `Calls ${tool(e)}${e.arguments ? ` with ${JSON.stringify(e.arguments)}` : ""}${e.argumentsSchema ? " (arguments match a schema)" : ""}`;
    case "not_called":
      return `Does not call ${tool(e)}`;
    case "max_calls":
      return `At most ${e.count} tool call${e.count === 1 ? "" : "s"}`;
    case "answer_contains":
      return `The answer contains “${e.text}”${e.ignoreCase ? " (any case)" : ""}`;
    case "answer_matches":
      return `The answer matches /${e.pattern}/${e.flags ?? ""}`;
    case "result":
      return `${tool(e)}’s result passes ${e.checks.length} check${e.checks.length === 1 ? "" : "s"}`;
  }
}
