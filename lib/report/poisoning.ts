// The poisoning scan: text in a tool's description or schema that is aimed at the model rather
// than at describing the tool. Strong signals (tags that pose as system text, secrecy toward the
// user, overriding instructions, requests for credentials or private files, hidden text) are
// findings on their own; weaker ones (a sentence that orders the model about, talk of another
// server's tools) count only together. Each finding carries the span it is about.
// bench/poisoning.ts measures precision and recall on test/fixtures/poisoning/corpus.json.
import type { Tool } from "../domain/mcp-types";
import type { Finding } from "../domain/report-card";
import { hiddenSpans, revealed } from "./hidden-text";
import { found, type RuleId } from "./rules";
import { toolTexts, type SchemaText } from "./schema-walk";

type Pattern = { rule: RuleId; re: RegExp; why: string };

const MODEL = String.raw`(?:you|the (?:assistant|ai|model|agent|llm)|assistant|ai|claude|gpt)`;
const USER = String.raw`(?:the )?(?:user|human|person|operator|client)s?`;
const TELL = String.raw`(?:tell|mention|inform|notify|reveal|show|alert|disclose|say|explain|let .{0,12}know|bring up|draw attention)`;
const SENSITIVE = String.raw`(?:~?/?\.ssh\b|id_(?:rsa|dsa|ecdsa|ed25519)|ssh[ _-]?(?:key|private)|private[ _-]?keys?|\.aws/credentials|aws[ _-]credentials|\.env\b|\.npmrc|\.netrc|\.pgpass|\.git-credentials|\.docker/config|\.kube/config|/etc/(?:passwd|shadow)|mcp\.json|claude_desktop_config|\.cursor/|(?:browser|session) cookies|cookies? (?:file|jar|store)|keychain|seed phrase|mnemonic|wallet (?:key|file)|(?:api|access|secret|auth|bearer|session|refresh)[ _-]?(?:keys?|tokens?)|passwords?|passwd|credentials?|secrets?)`;
const TAKE = String.raw`(?:read|cat|open|access|load|fetch|retrieve|get|grab|obtain|collect|gather|extract|include|pass|send|provide|upload|attach|copy|append|paste|forward|exfiltrate|embed|put|insert|add|supply|transmit|dump|list)`;

/** Strong signals: each is a finding by itself. */
const STRONG: Pattern[] = [
  {
    rule: "safety/instruction-to-model",
    re: /<\/?\s*(?:important|system|instructions?|admin|secret|hidden|critical|priority|override|assistant_only|note_to_(?:ai|assistant|model))\b[^>]{0,40}>|\[(?:system|inst|admin)\]|<\|(?:im_start|system|endoftext)\|>|^#{1,4}\s*system\b/im,
    why: "a tag that poses as system text",
  },
  {
    rule: "safety/instruction-to-model",
    re: new RegExp(
      String.raw`\b(?:do not|don't|never|must not|should not|shouldn't|without)\s+(?:\w+\s+){0,3}?(?:${TELL}|telling|informing|notifying|alerting|asking|letting)\b[^.\n]{0,40}?\b${USER}\b`,
      "i",
    ),
    why: "secrecy toward the user",
  },
  {
    rule: "safety/instruction-to-model",
    re: new RegExp(
      String.raw`\b${USER}\s+(?:must|should|need|does|do|will)\s*(?:not|n't|never)\s+(?:\w+\s+){0,2}?(?:know|see|notice|be (?:told|informed|aware|shown|notified))|\b(?:keep (?:this|it|these)|remain) (?:secret|hidden|confidential|private|invisible)|\b(?:silently|covertly|secretly|quietly|invisibly)\b`,
      "i",
    ),
    why: "secrecy toward the user",
  },
  {
    rule: "safety/instruction-to-model",
    re: /\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:all\s+|any\s+|the\s+|your\s+|every\s+)?(?:previous|prior|above|earlier|other|existing|original|system|safety|security|user'?s?)?\s*(?:instructions?|rules|guidelines|prompts?|polic(?:y|ies)|restrictions|guardrails|confirmations?|approvals?)\b|\b(?:new|updated|real|true) (?:system )?instructions?\s*:|\byou are now\b|\bdeveloper mode\b|\bjailbreak/i,
    why: "an attempt to override the model's instructions",
  },
  {
    rule: "safety/instruction-to-model",
    re: /\b(?:entire|full|whole|complete|all (?:of )?the|previous|prior)\s+(?:conversation|chat(?: history)?|message history|context window|dialog(?:ue)?|transcript)|\bsystem prompt\b|\b(?:user'?s?|all) (?:previous |prior |earlier )?messages\b|\bconversation (?:history|so far|log)\b/i,
    why: "a request for the conversation",
  },
  {
    rule: "safety/instruction-to-model",
    re: new RegExp(
      String.raw`\b${USER}\s+(?:has|have)\s+(?:already\s+)?(?:pre-?)?(?:authori[sz]ed|approved|consented|agreed|granted)|\b(?:no|without) (?:need (?:for|to)|further) (?:confirm|approv|consent|permission|asking)`,
      "i",
    ),
    why: "a claim of consent nobody gave",
  },
  {
    rule: "safety/sensitive-file-request",
    re: new RegExp(
      String.raw`\b${TAKE}\b[^.\n]{0,80}?${SENSITIVE}|${SENSITIVE}[^.\n]{0,40}?\b(?:as|in|into|to|via)\s+(?:the\s+)?[\`'"]?\w+[\`'"]?\s+(?:param(?:eter)?|field|argument)`,
      "i",
    ),
    why: "a request for credentials or private files",
  },
  {
    rule: "safety/cross-tool-reference",
    re: /\b(?:b?cc|forward|redirect|re-?route|send (?:a )?cop(?:y|ies))\b[^.\n]{0,60}?[\w.+-]+@[\w-]+\.[\w.]+|\b(?:change|replace|swap|set) the (?:recipient|destination|to address|target (?:account|address|number))/i,
    why: "a redirection of what another tool sends",
  },
];

/** Weak signals: two of them in one tool make a finding. */
const WEAK: Pattern[] = [
  {
    rule: "safety/instruction-to-model",
    re: new RegExp(String.raw`\b${MODEL}\s+(?:must|shall|are required to|have to|need to|should always|always|will always)\b`, "i"),
    why: "an order to the model",
  },
  {
    rule: "safety/instruction-to-model",
    re: /\b(?:before|prior to) (?:using|calling|invoking|running) (?:this|any|the) tool\b/i,
    why: "a precondition before any call",
  },
  {
    rule: "safety/instruction-to-model",
    re: /\b(?:very |extremely |critically )?important\s*[:!]|\bcritical\s*:|\bmandatory\b|\bcompliance\b|\baudit(?:ing)? purposes\b/i,
    why: "urgency",
  },
  { rule: "safety/sensitive-file-request", re: new RegExp(SENSITIVE, "i"), why: "talk of credentials or private files" },
  {
    rule: "safety/cross-tool-reference",
    re: /\b(?:all|any|every|other) (?:other )?tools?\b|\bother (?:mcp )?servers?\b|\bwhen(?:ever)? (?:the user |you )?(?:uses?|calls?|invokes?|runs?) (?:the )?[`'"]?[\w.-]+[`'"]? (?:tool|function)\b/i,
    why: "talk of other tools",
  },
];

export type ScanContext = {
  /** This server's tool names: talk of them is usage guidance, not shadowing. */
  ownTools: ReadonlySet<string>;
  /** Other configured servers' tool names. */
  otherTools?: ReadonlySet<string>;
};

/** Property names are read as words ("content_from_reading_ssh_id_rsa"). */
function readable(text: SchemaText): string {
  return text.kind === "property-name" ? text.text.replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2") : text.text;
}

const HIDDEN_RULES = { unicode: "safety/hidden-unicode", "html-comment": "safety/html-comment", blob: "safety/encoded-blob" } as const;

function otherToolMention(text: string, context: ScanContext): RegExpExecArray | null {
  for (const name of context.otherTools ?? []) {
    if (name.length < 4 || context.ownTools.has(name)) continue;
    const at = new RegExp(String.raw`(?<![\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\w-])`).exec(text);
    if (at) return at;
  }
  return null;
}

/** The poisoning findings of one tool. */
export function scanTool(tool: Tool, context: ScanContext): Finding[] {
  const findings: Finding[] = [];
  const weak: { pattern: Pattern; text: SchemaText; match: RegExpExecArray }[] = [];
  for (const text of toolTexts(tool)) {
    const field = text.path;
    const span = (start: number, end: number, decoded?: string) => ({ start, end, text: text.text, ...(decoded ? { decoded } : {}) });
    const hidden = hiddenSpans(text.text);
    for (const h of hidden)
      findings.push(
        found(
          HIDDEN_RULES[h.kind],
          { tool: tool.name, field, span: span(h.start, h.end, h.decoded) },
          `Hidden in ${field}: ${h.decoded.slice(0, 300)}`,
        ),
      );
    // Patterns are matched on what the model reads: hidden text revealed, property names as words.
    const plain = hidden.length ? revealed(text.text, hidden) : readable(text);
    const located = (m: RegExpExecArray) => (plain === text.text ? span(m.index, m.index + m[0].length) : span(0, text.text.length, m[0]));
    let strong = false;
    for (const pattern of STRONG) {
      const match = pattern.re.exec(plain);
      if (!match) continue;
      strong = true;
      findings.push(
        found(pattern.rule, { tool: tool.name, field, span: located(match) }, `${field} has ${pattern.why}: "${match[0].trim()}".`),
      );
      break;
    }
    if (strong) continue;
    for (const pattern of WEAK) {
      const match = pattern.re.exec(plain);
      if (!match || (pattern.rule === "safety/cross-tool-reference" && [...context.ownTools].some((name) => match[0].includes(name))))
        continue;
      weak.push({ pattern, text, match });
    }
    const other = otherToolMention(plain, context);
    if (other) weak.push({ pattern: { rule: "safety/cross-tool-reference", re: /$/, why: "another server's tool" }, text, match: other });
  }
  // Two different weak signals in the tool make a finding, named after the first.
  const kinds = new Set(weak.map((w) => w.pattern.why));
  if (kinds.size >= 2) {
    const first = weak[0]!;
    const { text, match } = first;
    findings.push(
      found(
        first.pattern.rule,
        { tool: tool.name, field: text.path, span: { start: match.index, end: match.index + match[0].length, text: readable(text) } },
        `${text.path} has ${[...kinds].join(" and ")}: "${match[0].trim()}".`,
      ),
    );
  }
  return findings;
}

const COMMAND_LIKE = /\b(?:exec(?:ute)?|run|shell|command|cmd|bash|eval|script|sql|query|terminal|spawn|subprocess)\b/i;

/** Command-like tools (by name, description or destructive hint) that accept properties nobody declared. */
export function broadSchemaFindings(tool: Tool): Finding[] {
  const schema = tool.inputSchema as Record<string, unknown>;
  const open =
    schema.additionalProperties === undefined ||
    schema.additionalProperties === true ||
    (typeof schema.additionalProperties === "object" &&
      schema.additionalProperties !== null &&
      Object.keys(schema.additionalProperties).length === 0);
  if (!open) return [];
  const words = `${tool.name.replace(/[_.-]+/g, " ")} ${tool.title ?? ""}`;
  if (!COMMAND_LIKE.test(words) && !(tool.annotations?.destructiveHint === true && tool.annotations?.readOnlyHint !== true)) return [];
  return [
    found(
      "safety/broad-schema",
      { tool: tool.name, field: "inputSchema.additionalProperties" },
      `${tool.name} looks like it runs commands or changes things, and its input schema accepts any extra property.`,
    ),
  ];
}

/** Whether the tool fails the scan: any safety finding but an open schema (what holds a new tool, and what the bench counts). */
export function isPoisoned(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.group === "safety" && f.rule !== "safety/broad-schema");
}
