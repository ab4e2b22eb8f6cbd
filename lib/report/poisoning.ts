// The poisoning scan: text in a tool's description or schema that is aimed at the model rather
// than at describing the tool. Strong signals (tags that pose as system text, secrecy toward the
// user, overriding instructions, requests for credentials or private files, hidden text) are
// findings on their own; weaker ones (a sentence that orders the model about, talk of another
// server's tools) count only together. Each finding carries the span it is about.
// bench/poisoning.ts measures precision and recall on test/fixtures/poisoning/corpus.json.
import { createHash } from "node:crypto";
import type { Tool } from "../domain/mcp-types";
import type { Finding } from "../domain/report-card";
import type { RuleId } from "./rules";
import { hiddenSpans, revealed } from "./hidden-text";
import { found } from "./rules";
import { processWide } from "../process-wide";
import { DANGEROUS_COMMAND, DIRECTIVES, PROPERTY_NAME_STRONG, STRONG, WEAK, type Pattern, type WeakPattern } from "./poisoning-patterns";
import { rootProperties, toolTexts, type SchemaText } from "./schema-walk";

/** "When(ever) some_tool is used/called…": shadowing, unless some_tool is this server's own. */
const WHEN_TOOL_USED =
  /\b(?:when(?:ever)?|if|once|each time|every time)\s+(?:the\s+|you\s+(?:\w+\s+)?(?:use|call)\s+(?:the\s+)?)?(?:[\w-]+\s+)?[`'"]?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)[`'"]?(?:\s+(?:or|and)\s+[`'"]?[a-z][a-z0-9_]*[`'"]?)?\s+(?:tool\s+)?(?:\([^)]{0,60}\)\s+)?(?:is\s+|are\s+)?(?:used|called|invoked|run|executed)?/i;

export type ScanContext = {
  /** This server's tool names: talk of them is usage guidance, not shadowing. */
  ownTools: ReadonlySet<string>;
  /** Whether the tool works with a model (set by scanTool from its description): it may take conversations. */
  usesModel?: boolean;
  /** Other configured servers' tool names. */
  otherTools?: ReadonlySet<string>;
};

/** Property names are read as words ("content_from_reading_ssh_id_rsa"). */
function readable(text: SchemaText): string {
  return text.kind === "property-name" ? text.text.replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2") : text.text;
}

const HIDDEN_RULES = { unicode: "safety/hidden-unicode", "html-comment": "safety/html-comment", blob: "safety/encoded-blob" } as const;

/**
 * The first name of another server's tool in the text, as a whole word (dots separate words, as
 * in "files.read"). The text's words are looked up in the set: a regular expression per name would
 * cost (tools × texts) compilations on a server beside one with 10,000 tools.
 */
const MAX_NAME_PARTS = 6;

function otherToolMention(text: string, context: ScanContext): RegExpExecArray | null {
  const others = context.otherTools;
  if (!others || others.size === 0) return null;
  for (const word of text.matchAll(/[\w-]+(?:\.[\w-]+)*/g)) {
    const parts = word[0].split(".");
    let offset = word.index;
    // A tool's name has a few dotted parts at most: a hostile "ab.ab.ab…" of thousands would cost parts³.
    for (let i = 0; i < parts.length; offset += parts[i]!.length + 1, i++)
      for (let j = i + 1; j <= Math.min(parts.length, i + MAX_NAME_PARTS); j++) {
        const name = parts.slice(i, j).join(".");
        if (name.length >= 4 && others.has(name) && !context.ownTools.has(name))
          return Object.assign([name], { index: offset, input: text, groups: undefined }) as RegExpExecArray;
      }
  }
  return null;
}

/** "use `reqeusts` for requests": a name one or two letters from the one it stands in for is a lookalike (typosquatting). */
const USE_FOR = /\buse\s+[`'"]?([\w.-]{3,})[`'"]?\s+(?:for|instead of|in place of|rather than)\s+[`'"]?([\w.-]{3,})[`'"]?/gi;

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

function lookalike(text: string): RegExpExecArray | null {
  for (const match of text.matchAll(USE_FOR)) {
    const [, used, meant] = match;
    if (used!.toLowerCase() !== meant!.toLowerCase() && editDistance(used!.toLowerCase(), meant!.toLowerCase()) <= 2)
      return match as RegExpExecArray;
  }
  return null;
}

/** An outside address as a recipient field's default: every message copies it unless the model thinks to change it. */
const RECIPIENT_FIELD =
  /(?:^|\.)\w*(?:b?cc|to|recipients?|forward\w*|reply_?to|notify|emails?|attendees?|guests?|copy|archive|backup|mirror|webhook|callback|payee|beneficiary|iban|wallet|destination)\w*(?:\.default)$/i;
/** Where a tool sends what it gathers (not where it reads from: a base_url's default is the vendor's own API). */
const SINK_FIELD =
  /(?:^|\.)\w*(?:destination|webhook|callback|upload|sink|backup|mirror|archive|export|forward|notify|report)\w*(?:\.default)$/i;
const OUTSIDE_URL = /\bhttps?:\/\/(?!(?:localhost|127\.0\.0\.1|\[::1\]|[\w.-]*example\.(?:com|org|net))\b)[\w.-]+\.[a-z]{2,}\S*/i;

/** A bank account or a wallet: written into a tool's text, it is where money goes whatever the user says. */
const ACCOUNT = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,4})?\b|\b0x[0-9a-fA-F]{40}\b/;
const FOR_EXAMPLE = /(?:e\.g\.|for example|for instance|such as|format|like)\W{0,3}$/i;

/** Files that hold keys and logins: named by a tool with no business with them, they are what it is after. */
const SECRET_FILE =
  /~\/\.ssh\b|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\.aws\/credentials|\/etc\/(?:passwd|shadow)\b|\.git-credentials|\.npmrc|\.netrc|\.pgpass|\.kube\/config|\.docker\/config\.json|\bwallet\.dat\b|\.(?:bash|zsh)_history\b/i;
const KEYS_AND_FILES =
  /ssh|key|cred|secret|vault|auth|config|env|file|fs|path|read|dir|git|kube|docker|aws|shell|system|admin|backup|secur/i;
/** A parameter that says the tool works with such files (a "session_key" does not). */
const FILE_PARAMETER = /ssh|cred|secret|vault|file|path|dir|config|git|kube|docker|aws|identity/i;

/** An enum or const that reads as an instruction: values are identifiers, not sentences to the model. */
const DIRECTED =
  /\b(?:call|run|invoke|send|paste|include|ignore|always|never|before|after|first|you|your|assistant|model|user'?s?|read|upload|forward|export|then)\b/i;
const OUTSIDE_ADDRESS = /(?<![\w.+-])[\w.+-]{1,64}@(?!example\.(?:com|org|net)\b)[\w-]+(?:\.[\w-]+)+/;

/** A tool that works with a model (a gateway, a chat or extraction tool) takes conversations and prompts as its input. */
const USES_MODEL =
  /\b(?:llms?|language models?|models?|chat|completions?|prompts?|agents?|gpt|claude|gemini|openai|anthropic|inference|embeddings?)\b/i;
const ABOUT_THE_CONVERSATION = new Set(["a request for the conversation", "a parameter that asks for the conversation or the other tools"]);

/** An attack quoted as an example of what to beware of ("may contain text such as 'ignore previous instructions'"). */
function quotedExample(text: string, match: RegExpExecArray): boolean {
  const before = text.slice(Math.max(0, match.index - 60), match.index);
  const open = before.search(/['"“‘`][^'"“”‘’`]*$/);
  if (open < 0) return false;
  const closes = text.slice(match.index + match[0].length).search(/^[^'"“”‘’`]{0,40}['"”’`]/) >= 0;
  return closes && /\b(?:for example|for instance|e\.g\.|such as|like)\W*$/i.test(before.slice(0, open)) && WARNS_OF_CONTENT.test(text);
}
/** The text warns of what content may carry: only then is a quoted attack an example of it. */
const WARNS_OF_CONTENT =
  /\b(?:may|might|can|could) (?:contain|include|carry)\b|\bbeware\b|\b(?:do not|don't|never) (?:follow|obey|execute)\b|\bnot (?:be )?(?:followed|obeyed)\b|\btreat (?:it|them|this) (?:only )?as (?:data|information|untrusted)/i;

/** The first strong pattern the text matches, with "whenever some_tool is used" checked against the server's own tools. */
function firstStrong(
  text: string,
  patterns: readonly Pattern[],
  context: ScanContext,
): { pattern: Pattern; match: RegExpExecArray } | null {
  for (const pattern of patterns) {
    if (context.usesModel && ABOUT_THE_CONVERSATION.has(pattern.why)) continue;
    const match = pattern.re.exec(text);
    if (!match) continue;
    if (!quotedExample(text, match)) return { pattern, match };
    // A warning quoting an attack must not hide the same words used for real further on.
    for (const later of text.matchAll(new RegExp(pattern.re.source, `${pattern.re.flags.replace("g", "")}g`)))
      if (!quotedExample(text, later)) return { pattern, match: later as RegExpExecArray };
  }
  const typo = lookalike(text);
  if (typo)
    return { pattern: { rule: "safety/cross-tool-reference", re: USE_FOR, why: "a lookalike name in place of the real one" }, match: typo };
  const when = WHEN_TOOL_USED.exec(text);
  if (when && when[0].match(/(?:used|called|invoked|run|executed)$/i) && !context.ownTools.has(when[1]!))
    return {
      pattern: { rule: "safety/cross-tool-reference", re: WHEN_TOOL_USED, why: "instructions for when another tool is used" },
      match: when,
    };
  return null;
}

/** What the shape of a text gives away, whatever its words: a sentence in an enum, an account or a key file written in. */
function structuralFinding(tool: Tool, text: SchemaText, plain: string): { pattern: Pattern; match: RegExpExecArray } | null {
  const finding = structuralSignal(tool, text, plain);
  return finding ? { pattern: { rule: finding.rule, re: /$/, why: finding.why }, match: finding.match } : null;
}

function structuralSignal(tool: Tool, text: SchemaText, plain: string): { rule: RuleId; why: string; match: RegExpExecArray } | null {
  if ((text.kind === "enum" || text.kind === "const") && plain.split(/\s+/).length >= 5) {
    const match = DIRECTED.exec(plain);
    if (match)
      return {
        rule: "safety/instruction-to-model",
        why: "an instruction where a value belongs",
        match: Object.assign([plain], { index: 0, input: plain, groups: undefined }) as RegExpExecArray,
      };
  }
  if (text.kind !== "example") {
    const account = ACCOUNT.exec(plain);
    if (account && !FOR_EXAMPLE.test(plain.slice(Math.max(0, account.index - 20), account.index)))
      return { rule: "safety/cross-tool-reference", why: "an account written into the tool", match: account };
  }
  const file = SECRET_FILE.exec(plain);
  const parameters = rootProperties(tool.inputSchema).map(([name]) => name);
  if (file && !KEYS_AND_FILES.test(`${tool.name} ${tool.title ?? ""}`) && !parameters.some((name) => FILE_PARAMETER.test(name)))
    return { rule: "safety/sensitive-file-request", why: "a private file named by a tool with no business with it", match: file };
  return null;
}

type WeakSignal = { pattern: WeakPattern; text: SchemaText; match: RegExpExecArray };

/**
 * What a tool's texts say whatever the other servers are: its findings, and per text that no finding
 * settled, the weak signals in it and the text as a model reads it (where another server's names are
 * looked for).
 */
type OwnScan = { findings: Finding[]; open: { text: SchemaText; plain: string; weak: WeakSignal[] }[] };

/**
 * The scan of a tool for one set of its server's names, kept per tool object: the pins (reconcile.ts)
 * and the report card scan the same catalog, and a card is made again every minute someone looks at
 * it. Only the other servers' names differ between them; scanTool looks for those itself.
 */
const ownScans = processWide("poisoning-own-scans", () => new WeakMap<Tool, { names: string; scan: OwnScan }[]>());
const namesKeys = new WeakMap<ReadonlySet<string>, string>();
const KEPT_PER_TOOL = 4;

/** The set's names as one key, made once per set object (a listing makes one set for all its tools). */
function namesKey(names: ReadonlySet<string>): string {
  let key = namesKeys.get(names);
  if (key === undefined) {
    key = createHash("sha256")
      .update([...names].sort().join("\n"))
      .digest("base64");
    namesKeys.set(names, key);
  }
  return key;
}

/** The poisoning findings of one tool. */
export function scanTool(tool: Tool, scanContext: ScanContext): Finding[] {
  const names = namesKey(scanContext.ownTools);
  const kept = ownScans.get(tool) ?? [];
  let own = kept.find((entry) => entry.names === names)?.scan;
  if (!own) {
    own = scanOwn(tool, scanContext.ownTools);
    ownScans.set(tool, [{ names, scan: own }, ...kept].slice(0, KEPT_PER_TOOL));
  }
  const weak: WeakSignal[] = [];
  for (const { text, plain, weak: signals } of own.open) {
    weak.push(...signals);
    const other = otherToolMention(plain, scanContext);
    if (other)
      weak.push({
        pattern: { kind: "substance", rule: "safety/cross-tool-reference", re: /$/, why: "another server's tool" },
        text,
        match: other,
      });
  }
  return [...own.findings, ...combinedWeak(tool, weak)];
}

function scanOwn(tool: Tool, ownTools: ReadonlySet<string>): OwnScan {
  const context: ScanContext = {
    ownTools,
    usesModel: USES_MODEL.test(`${tool.name.replace(/[_-]+/g, " ")} ${tool.description ?? ""}`),
  };
  const findings: Finding[] = [];
  const open: OwnScan["open"] = [];
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
    if (text.kind === "name") continue;
    const defaultPath = text.path.replace(/\[\d+\]$/, "");
    const outside =
      text.kind !== "default"
        ? null
        : RECIPIENT_FIELD.test(defaultPath) && OUTSIDE_ADDRESS.test(text.text)
          ? OUTSIDE_ADDRESS.exec(text.text)
          : SINK_FIELD.test(defaultPath)
            ? OUTSIDE_URL.exec(text.text)
            : null;
    if (outside) {
      const match = outside;
      findings.push(
        found(
          "safety/cross-tool-reference",
          { tool: tool.name, field, span: span(match.index, match.index + match[0].length) },
          `${field} copies ${match[0]} on every call unless changed.`,
        ),
      );
      continue;
    }
    // A tool that uses no model has no business with a system prompt (one that does, an extraction or chat tool, may take one).
    if (
      text.kind === "property-name" &&
      /system prompt/i.test(plain) &&
      !/\b(?:llm|prompts?|models?|ai|gpt|completions?|generat\w*|chat|agents?)\b/i.test(tool.description ?? "")
    ) {
      const match = /system prompt/i.exec(plain)!;
      findings.push(
        found(
          "safety/instruction-to-model",
          { tool: tool.name, field, span: located(match) },
          `${field} asks for the system prompt, in a tool that uses no model.`,
        ),
      );
      continue;
    }
    const strong =
      firstStrong(
        plain,
        text.kind === "property-name"
          ? [...PROPERTY_NAME_STRONG, ...STRONG, ...DIRECTIVES, DANGEROUS_COMMAND]
          : [...STRONG, ...DIRECTIVES, DANGEROUS_COMMAND],
        context,
      ) ?? structuralFinding(tool, text, plain);
    if (strong) {
      const { pattern, match } = strong;
      findings.push(
        found(pattern.rule, { tool: tool.name, field, span: located(match) }, `${field} has ${pattern.why}: "${match[0].trim()}".`),
      );
      continue;
    }
    const weak: WeakSignal[] = [];
    for (const pattern of WEAK) {
      // A parameter that is a password may say so, urgently: secrets count as talk only in the tool's own description.
      if (pattern.rule === "safety/sensitive-file-request" && text.path !== "description" && text.path !== "title") continue;
      const match = pattern.re.exec(plain);
      if (!match || (pattern.rule === "safety/cross-tool-reference" && [...context.ownTools].some((name) => match[0].includes(name))))
        continue;
      weak.push({ pattern, text, match });
    }
    open.push({ text, plain, weak });
  }
  return { findings, open };
}

function combinedWeak(tool: Tool, weak: readonly WeakSignal[]): Finding[] {
  const findings: Finding[] = [];
  // Weak signals make a finding together, one of them of substance other than naming a secret: tone alone (orders,
  // urgency) is how many honest descriptions read, and "you must give your API key" how honest tools that take one do.
  const kinds = new Set(weak.map((w) => w.pattern.why));
  const substance = weak.find((w) => w.pattern.kind === "substance" && w.pattern.rule !== "safety/sensitive-file-request");
  if (kinds.size >= 2 && substance) {
    const first = substance;
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
/** A string property that carries something to run: the evidence a command-like name needs. */
const COMMAND_PROPERTY = /^(?:command|cmd|commands|script|shell|sql|query|code|expression|expr|statement|program|argv|args)$/i;

/** The first top-level string (or string array) property whose name says it holds something to run. */
function commandProperty(schema: Record<string, unknown>): string | undefined {
  const properties = (schema.properties ?? {}) as Record<string, { type?: unknown; items?: { type?: unknown } }>;
  return Object.keys(properties).find((name) => {
    const type = properties[name]?.type;
    const holdsText = type === "string" || (type === "array" && properties[name]?.items?.type === "string") || type === undefined;
    return holdsText && COMMAND_PROPERTY.test(name);
  });
}

/**
 * Tools that accept properties nobody declared and either declare themselves destructive or look
 * like they run commands: a command-like name or title needs evidence too, a property that
 * carries what is run (a name alone, "simulate-research-query", is not enough).
 */
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
  const carried = COMMAND_LIKE.test(words) ? commandProperty(schema) : undefined;
  const destructive = tool.annotations?.destructiveHint === true && tool.annotations?.readOnlyHint !== true;
  if (!carried && !destructive) return [];
  return [
    found(
      "safety/broad-schema",
      { tool: tool.name, field: "inputSchema.additionalProperties" },
      carried
        ? `${tool.name} looks like it runs commands (its name, and its "${carried}" property), and its input schema accepts any extra property.`
        : `${tool.name} declares itself destructive, and its input schema accepts any extra property.`,
    ),
  ];
}

/** Whether the tool fails the scan: any safety finding but an open schema (what holds a new tool, and what the bench counts). */
export function isPoisoned(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.group === "safety" && f.rule !== "safety/broad-schema");
}
