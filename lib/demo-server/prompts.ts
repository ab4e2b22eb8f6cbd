// The demo server's prompts: one without arguments, one with a required and an optional
// argument that embeds a resource, and one whose answer is a short conversation.
import type { GetPromptResult, Prompt } from "@modelcontextprotocol/server";
import { DEMO_REPORT_CSV } from "./resources";

type DemoPrompt = Prompt & { get: (args: Record<string, string>) => GetPromptResult };

const prompts: DemoPrompt[] = [
  {
    name: "greeting",
    title: "Greeting",
    description: "A friendly opening message, no arguments",
    get: () => ({
      description: "A friendly opening message",
      messages: [{ role: "user", content: { type: "text", text: "Hello! What can the demo server do for me today?" } }],
    }),
  },
  {
    name: "summarize_report",
    title: "Summarize the visitors report",
    description: "Asks for a summary of report.csv, embedded in the prompt",
    arguments: [
      { name: "style", description: "short or detailed", required: true },
      { name: "audience", description: "Who will read the summary (optional)" },
    ],
    get: (args) => ({
      description: `A ${args.style} summary of the visitors report`,
      messages: [
        {
          role: "user",
          content: {
            type: "text",
            text: `Write a ${args.style} summary of this report${args.audience ? ` for ${args.audience}` : ""}.`,
          },
        },
        {
          role: "user",
          content: { type: "resource", resource: { uri: "demo://files/report.csv", mimeType: "text/csv", text: DEMO_REPORT_CSV } },
        },
      ],
    }),
  },
  {
    name: "explain_code",
    title: "Explain code",
    description: "A question about a piece of code, and the start of an answer",
    arguments: [
      { name: "code", description: "The code to explain", required: true },
      { name: "language", description: "Its language, e.g. TypeScript" },
    ],
    get: (args) => ({
      messages: [
        { role: "user", content: { type: "text", text: `Explain this ${args.language ?? "code"}:\n\n${args.code}` } },
        { role: "assistant", content: { type: "text", text: "Sure. Let me walk through it line by line." } },
      ],
    }),
  },
];

/** Listed while the bonus tool is (tools/interactive.ts): the prompt list changes with it. */
const bonusPrompt: DemoPrompt = {
  name: "bonus_prompt",
  title: "Bonus prompt",
  description: "Listed only while the bonus tool is",
  get: () => ({ messages: [{ role: "user", content: { type: "text", text: "Tell me about the bonus tool." } }] }),
};

const listed = (bonus: boolean): DemoPrompt[] => (bonus ? [...prompts, bonusPrompt] : prompts);

export function listDemoPrompts(bonus = false): Prompt[] {
  return listed(bonus).map(({ get: _get, ...prompt }) => prompt);
}

/** The prompt's messages, or why not: an unknown prompt or a missing required argument. */
export function getDemoPrompt(name: string, args: Record<string, string>, bonus = false): GetPromptResult | string {
  const prompt = listed(bonus).find((p) => p.name === name);
  if (!prompt) return `Unknown prompt: ${name}`;
  const missing = (prompt.arguments ?? []).filter((a) => a.required && !args[a.name]?.trim()).map((a) => a.name);
  if (missing.length) return `Missing required argument${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`;
  return prompt.get(args);
}

const CHOICES: Record<string, Record<string, readonly string[]>> = {
  summarize_report: { style: ["short", "detailed"] },
  explain_code: { language: ["Go", "JavaScript", "Python", "Rust", "TypeScript"] },
};

/** The choices of a prompt's argument that start with what was typed, for completion/complete. */
export function completePromptArgument(prompt: string, argument: string, prefix: string): string[] {
  return (CHOICES[prompt]?.[argument] ?? []).filter((choice) => choice.toLowerCase().startsWith(prefix.toLowerCase()));
}
