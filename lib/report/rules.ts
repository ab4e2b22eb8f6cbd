// Every rule of the report card, in one list: what it checks, its severity, why it matters and
// how to fix it. The checks name rules by id; the report carries this text with each finding,
// and docs/report-card.md lists the same table (a test keeps the two in step).
import type { Finding, FindingSpan, RuleGroup, RuleInfo, Severity } from "../domain/report-card";

function rule(id: string, severity: Severity, title: string, why: string, fix: string): RuleInfo {
  return { id, group: id.split("/")[0] as RuleGroup, severity, title, why, fix };
}

export const RULES = [
  // spec
  rule(
    "spec/tool-name-length",
    "error",
    "Tool names are 1–128 characters",
    "The tools spec (2025-11-25) limits names to 128 characters; clients may refuse or truncate longer names, and an empty name cannot be called.",
    "Rename the tool to a short, unique name.",
  ),
  rule(
    "spec/tool-name-characters",
    "warning",
    "Tool names use letters, digits, _ - and .",
    "Names with spaces or other characters break clients that use them as function names (most model APIs allow only [A-Za-z0-9_-]).",
    "Use only ASCII letters, digits, underscore, hyphen and dot.",
  ),
  rule(
    "spec/tool-name-unique",
    "error",
    "Tool names are unique",
    "Two tools with one name cannot both be called: clients keep one of them, and which one is not defined.",
    "Give each tool its own name.",
  ),
  rule(
    "spec/invalid-tool",
    "error",
    "Every listed tool is a valid Tool",
    "A tool the spec's Tool schema refuses (an input schema that is not an object schema, a hint that is not a boolean, an icon without src…) is left out of the catalog, so nobody can call it.",
    "Fix the fields named in the finding so that the tool matches the Tool type of the revision the server speaks.",
  ),
  rule(
    "spec/output-schema-object",
    "error",
    'outputSchema is an object schema (type: "object")',
    "structuredContent is always a JSON object, so an output schema of another type can never be met.",
    'Declare type: "object" at the root of the output schema.',
  ),
  rule(
    "spec/schema-compiles",
    "error",
    "Schemas compile in their dialect",
    "A schema that does not compile cannot validate anything: clients skip validation or refuse the tool.",
    "Fix the keyword named in the finding; declare $schema when the schema is not JSON Schema 2020-12.",
  ),
  rule(
    "spec/required-exists",
    "warning",
    "required names declared properties",
    "A required name without a property is usually a typo: no form shows a field for it, so every call fails validation.",
    "Declare the property, or take the name out of required.",
  ),
  rule(
    "spec/x-mcp-header",
    "error",
    "x-mcp-header declarations are valid",
    "Streamable HTTP clients of 2026-07-28 must exclude a tool whose x-mcp-header declaration breaks the rules (SEP-2243).",
    "Fix the declaration as the finding says, or remove it.",
  ),
  rule(
    "spec/title-well-formed",
    "warning",
    "Titles are short single lines",
    "A title is a display name: clients show it in one line, so an empty, multi-line or very long title is shown badly or not at all.",
    "Use a non-empty title of one line, at most 100 characters.",
  ),
  rule(
    "spec/annotations-consistent",
    "warning",
    "Annotations do not contradict each other",
    "Clients decide what to confirm from the hints; a tool marked both read-only and destructive leaves them guessing which to believe.",
    "Keep the hints consistent: destructiveHint and idempotentHint only mean something when readOnlyHint is false.",
  ),
  rule(
    "spec/icon-well-formed",
    "warning",
    "Icons are safe and described",
    "Clients load icons only over https or from data: URIs, and choose among them by type and size; an icon from elsewhere is not shown.",
    'Serve icons over https (or as data: URIs), name an image/* mimeType and sizes such as "48x48" or "any".',
  ),
  rule(
    "spec/meta-key-well-formed",
    "warning",
    "_meta keys follow the naming rules",
    "The spec reserves _meta key prefixes and fixes their syntax; a malformed or reserved key may clash with what MCP itself adds later.",
    "Use an optional reverse-DNS prefix ending in '/' (not one containing modelcontextprotocol or mcp) and a name that begins and ends with a letter or digit.",
  ),
  rule(
    "spec/skill-entry",
    "error",
    "Skills are listed as the skills extension says",
    "A host verifies every skill file against its skills/list entry (SEP-2640) and loads a skill by its SKILL.md's name: an entry without a sha256 digest and size for each file, without its SKILL.md, with files outside its folder, or a name that breaks the Agent Skills rules (or is another skill's) is a skill no careful host can use.",
    "List each skill with its SKILL.md URI, its frontmatter verbatim, and every file under its folder with `sha256:` and 64 lowercase hex digits and its size in bytes (the SDK's skillEntry computes them); name it with 1–64 lowercase letters, digits and single hyphens, as its folder is named.",
  ),
  // behaviour
  rule(
    "behaviour/list-failed",
    "error",
    "tools/list answers",
    "Toolscope could not list the tools again while making the report: clients that list on demand would fail the same way.",
    "Look at the error in the finding and the server's log.",
  ),
  rule(
    "behaviour/list-order-stable",
    "warning",
    "tools/list gives the same order twice",
    "Clients that cache prompts (and so tool lists) pay again for every reordering, and people see tools jump around.",
    "Sort the tools in a fixed order (by name, for example) before answering.",
  ),
  rule(
    "behaviour/pagination-terminates",
    "error",
    "Pagination ends",
    "A cursor that comes back, or pages that never end, keep clients listing forever or make them give up with part of the list.",
    "Return nextCursor only when more tools follow, and never a cursor already returned.",
  ),
  rule(
    "behaviour/pagination-duplicates",
    "error",
    "Pages do not repeat tools",
    "A tool on two pages shows up twice, or replaces itself, in clients that collect the pages.",
    "Make each cursor continue after the last tool of the page before.",
  ),
  rule(
    "behaviour/list-changed-undeclared",
    "warning",
    "list_changed is sent only when declared",
    "Clients that saw no tools.listChanged capability may ignore the notification and keep an outdated list.",
    "Declare capabilities.tools.listChanged: true.",
  ),
  rule(
    "behaviour/list-changed-silent",
    "warning",
    "A changed list is announced",
    "The tool list changed between two listings without notifications/tools/list_changed: clients keep showing the old tools.",
    "Send notifications/tools/list_changed whenever tools are added, removed or changed (and declare tools.listChanged).",
  ),
  rule(
    "behaviour/output-schema-mismatch",
    "error",
    "Results match their outputSchema",
    "Clients must validate structuredContent against the outputSchema; a result that does not match is refused or ignored.",
    "Make the tool's structuredContent match its outputSchema, or correct the schema (the audit log has the results that failed).",
  ),
  rule(
    "behaviour/error-rate",
    "warning",
    "Tools mostly succeed",
    "More than a quarter of the calls Toolscope recorded failed: people and models learn not to trust the tool.",
    "Read the failed calls in the audit log; return clearer tool errors or fix the failures.",
  ),
  rule(
    "behaviour/slow-tool",
    "info",
    "Tools answer within 10 seconds",
    "A p95 over 10 s often meets client timeouts and keeps models waiting.",
    "Send progress notifications, or offer the tool as a task.",
  ),
  // model-facing quality
  rule(
    "quality/description-missing",
    "warning",
    "Every tool has a description",
    "A model chooses tools by their descriptions; a tool without one is guessed at or never used.",
    "Say what the tool does, when to use it and what it returns.",
  ),
  rule(
    "quality/description-short",
    "warning",
    "Descriptions say enough",
    "A description of a few words rarely tells a model when to use the tool rather than another.",
    "Write at least a sentence: what it does, when to use it, what it returns.",
  ),
  rule(
    "quality/parameter-description-missing",
    "warning",
    "Parameters are described",
    "Without a description a model fills a parameter from its name alone, and often wrongly.",
    "Give each property a description: its meaning, format and an example.",
  ),
  rule(
    "quality/enum-unexplained",
    "info",
    "Enum values are explained",
    "A list of bare values does not say which to choose; a model picks the first or a plausible-looking one.",
    "Describe what each value means in the property's description, or use oneOf with const and title per value.",
  ),
  rule(
    "quality/token-cost",
    "warning",
    "The tool list fits a model's context",
    "Every tool definition is sent to the model on every turn; a list of over 20,000 tokens (or one tool of over 2,000) crowds out the conversation and costs on every request.",
    "Shorten long descriptions and schemas, split rarely used tools off, or remove unused ones.",
  ),
  // safety
  rule(
    "safety/instruction-to-model",
    "error",
    "No instructions aimed at the model",
    "Text that tells the model to act (read files, hide things from the user, ignore instructions) is tool poisoning: the model reads descriptions as trusted.",
    "Describe the tool; never address the model with orders, secrecy or overrides.",
  ),
  rule(
    "safety/hidden-unicode",
    "error",
    "No hidden Unicode",
    "Tag characters, zero-width runs and direction overrides hide text from people while the model still reads it.",
    "Remove the invisible characters; write what the tool does in plain text.",
  ),
  rule(
    "safety/encoded-blob",
    "warning",
    "No long encoded blobs",
    "Long base64 or hex strings in a description can carry instructions that a reviewer cannot read but a model can decode.",
    "Remove the blob, or explain it in plain words.",
  ),
  rule(
    "safety/sensitive-file-request",
    "error",
    "No requests for credentials or private files",
    "A description that asks for SSH keys, .env files, cookies, tokens or a client's config is how tool poisoning steals secrets.",
    "Never ask the model to read or pass credentials or files it was not asked to handle.",
  ),
  rule(
    "safety/cross-tool-reference",
    "warning",
    "No instructions about other servers' tools",
    "A description that tells the model how to use another server's tools (shadowing) changes what those tools do.",
    "Speak only of this server's tools.",
  ),
  rule(
    "safety/html-comment",
    "warning",
    "No HTML comments",
    "Clients that render descriptions as Markdown hide <!-- comments -->, so the model reads text people never see.",
    "Remove the comment, or move what it says into the visible description.",
  ),
  rule(
    "safety/dangerous-command",
    "error",
    "No dangerous shell commands",
    "A default, example or instruction that pipes a download into a shell, opens permissions to everyone or deletes recursively runs on the machine of whoever calls the tool.",
    "Remove it; a setup step belongs in the server, pinned to a version and verified.",
  ),
  rule(
    "safety/broad-schema",
    "warning",
    "Command-like tools have closed schemas",
    "A tool that runs commands or queries and accepts any extra properties lets a model pass arguments nobody reviewed.",
    "Declare every property and set additionalProperties: false.",
  ),
  rule(
    "safety/model-judgement",
    "error",
    "A model judge finds no poisoning",
    "The language model an admin chose as judge read the definition against Toolscope's rubric and found text that steers the assistant against its user: hidden or smuggled instructions, secrecy, exfiltration, orders about other tools, or a business-logic lie with no alarm word (losses reported as flat, a fixed payee, approval without review). Patterns cannot see the last kind; a model can, though it can also be wrong. The definition waits for an admin's approval, as one failing the text scan does.",
    "Read the quoted text and the judge's reason. If the tool really does direct the assistant that way, rewrite the definition to describe the tool honestly; if the judge misread it, reword what it quoted so that it plainly describes the tool, then have an admin approve the definition.",
  ),
  // client compatibility: how each client takes the list (lib/report/client-rules.ts, gemini-schema.ts)
  rule(
    "clients/openai-tool-name",
    "error",
    "OpenAI accepts the name",
    "OpenAI function calling refuses the whole request when a function name is not ^[a-zA-Z0-9_-]{1,64}$ (API reference, tools[].function.name: letters, digits, underscores and dashes, at most 64 characters); the AI SDK's @ai-sdk/openai sends MCP names unchanged.",
    "Rename the tool to letters, digits, _ and - only, at most 64 characters.",
  ),
  rule(
    "clients/anthropic-tool-name",
    "error",
    "Anthropic accepts the name",
    "Anthropic's Messages API refuses the request when a tool name is not ^[a-zA-Z0-9_-]{1,128}$ (its error: tools.N.custom.name: String should have at most 128 characters; the pattern is the API reference's); @ai-sdk/anthropic sends MCP names unchanged.",
    "Rename the tool to letters, digits, _ and - only (no dots or spaces).",
  ),
  rule(
    "clients/gemini-tool-name",
    "error",
    "Gemini accepts the name",
    "A Gemini function declaration's name must start with a letter or an underscore and use only a-z, A-Z, 0-9, _ . : -, at most 64 characters (FunctionDeclaration.name in the Gemini API reference); @ai-sdk/google sends MCP names unchanged.",
    "Rename the tool: start with a letter or _, use letters, digits and _ . : -, at most 64 characters.",
  ),
  rule(
    "clients/gemini-schema-refused",
    "error",
    "Gemini can take the input schema",
    "The AI SDK's Google adapter (@ai-sdk/google, run by Toolscope on this schema) cannot express it in Gemini's OpenAPI subset and throws, so no request with this tool can be made: an enum whose values are of mixed types or do not match the declared type.",
    "Give each enum values of one type (strings, or numbers) that match the property's type.",
  ),
  rule(
    "clients/gemini-schema-dropped",
    "info",
    "Gemini sees the schema's constraints",
    "The AI SDK's Google adapter (@ai-sdk/google, run by Toolscope on this schema) converts it to Gemini's OpenAPI subset and leaves out what that subset lacks (bounds, patterns, lengths of arrays, additionalProperties…): Gemini never sees those limits and may send values the server then refuses.",
    "Say the limits in the property's description too (\"1 to 7\"), or rely on the server's validation error to correct the model.",
  ),
  rule(
    "clients/openai-tool-count",
    "error",
    "OpenAI takes the whole list",
    'OpenAI function calling accepts at most 128 tools per request (API reference: "A max of 128 functions are supported"; the error is array_above_max_length): a client that sends every tool fails outright.',
    "Keep the list at 128 tools or fewer: merge tools that differ by a parameter, or split the server.",
  ),
  rule(
    "clients/vscode-tool-count",
    "warning",
    "VS Code takes the whole list",
    'VS Code sends at most 128 tools per chat request ("You may not include more than 128 tools in your request"); past that, people must deselect tools, or its virtual tools group them behind an extra step.',
    "Keep the list at 128 tools or fewer, leaving room for the other servers people use beside it.",
  ),
  rule(
    "clients/cursor-tool-count",
    "warning",
    "Cursor takes the whole list",
    'Cursor sends its agent at most 40 MCP tools across all servers (its warning when there are more, and its forum: "a limit of 40 active tools loaded to the context"; we found no page of its documentation stating it): the rest are never seen by the model.',
    "Expose 40 tools or fewer, or let people turn on only the groups they need.",
  ),
  rule(
    "clients/cursor-name-length",
    "warning",
    "Cursor keeps the tool",
    'Cursor filters out a tool whose server name and tool name together exceed 60 characters (its log: "Combined server and tool name length (N) exceeds 60 characters").',
    "Shorten the tool name (or the server's key in mcp.json) so that both together are at most 60 characters.",
  ),
  rule(
    "clients/claude-directory",
    "info",
    "Claude's connector directory would list the tool",
    "Claude's connector directory (review criteria) rejects tools without a title and a readOnlyHint or destructiveHint, or with names over 64 characters; Claude runs read-only tools without asking and always asks before destructive ones, so a tool without hints is asked about every time.",
    "Give the tool a title, declare readOnlyHint: true (or destructiveHint), and keep its name at 64 characters or fewer.",
  ),
] as const satisfies readonly RuleInfo[];

export type RuleId = (typeof RULES)[number]["id"];

export const RULES_BY_ID: ReadonlyMap<string, RuleInfo> = new Map(RULES.map((r) => [r.id, r]));

/** A finding of one rule, with the rule's group and severity. */
export function found(rule: RuleId, at: { tool?: string | null; field?: string | null; span?: FindingSpan }, message: string): Finding {
  const info = RULES_BY_ID.get(rule)!;
  return {
    rule,
    group: info.group,
    severity: info.severity,
    tool: at.tool ?? null,
    field: at.field ?? null,
    message,
    ...(at.span ? { span: at.span } : {}),
  };
}
