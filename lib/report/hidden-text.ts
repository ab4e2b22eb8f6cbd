// Text in a tool's metadata that people do not see but a model reads: invisible Unicode (tag
// characters, zero-width runs, direction overrides, variation-selector smuggling), HTML comments
// that Markdown hides, long base64, base32 or hex blobs that decode to readable text, and text
// that reads as English only backwards, in ROT13 or in leetspeak. Each is found with its span,
// and what it hides is decoded so that a reviewer can read it.
import { base32 } from "rfc4648";

export type HiddenSpan = { kind: "unicode" | "html-comment" | "blob"; start: number; end: number; decoded: string };

const TAG_CHARS = /[\u{E0000}-\u{E007F}]+/gu;
/** Variation selectors 17–256 carry one byte each in "emoji smuggling"; a run of them is never text. */
const VS_SUPPLEMENT_RUN = /[\u{E0100}-\u{E01EF}]{2,}/gu;
/** Zero-width, direction and annotation characters, and control characters (ANSI escapes hide text in terminals). */
const ALWAYS_HIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B\u2060\u2061-\u2064\u180E\u202A-\u202E\u2066-\u2069\uFFF9-\uFFFB]/u;
const JOINERS = /[\u200C\u200D]/u;
const PICTOGRAPH = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\uFE0F]/u;
const LETTER = /[\p{L}\p{M}]/u;

/** What tag characters spell: each is an ASCII character moved to U+E0000 + its code. */
function decodeTags(run: string): string {
  return Array.from(run, (c) => {
    const code = c.codePointAt(0)! - 0xe0000;
    return code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : "";
  }).join("");
}

function decodeSelectors(run: string): string {
  const bytes = Array.from(run, (c) => c.codePointAt(0)! - 0xe0100 + 16);
  return Buffer.from(bytes).toString("utf8");
}

function named(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** A joiner is at home between two pictographs (ZWJ emoji sequences) or two letters (ZWNJ in Persian, Indic scripts). */
function joinerAtHome(chars: string[], i: number): boolean {
  const before = chars[i - 1] ?? "";
  const after = chars[i + 1] ?? "";
  if (chars[i] === "\u200D") return PICTOGRAPH.test(before) && PICTOGRAPH.test(after);
  return LETTER.test(before) && LETTER.test(after);
}

function invisibleSpans(text: string): HiddenSpan[] {
  const spans: HiddenSpan[] = [];
  for (const match of text.matchAll(TAG_CHARS))
    spans.push({
      kind: "unicode",
      start: match.index,
      end: match.index + match[0].length,
      decoded: `tag characters spelling "${decodeTags(match[0])}"`,
    });
  for (const match of text.matchAll(VS_SUPPLEMENT_RUN))
    spans.push({
      kind: "unicode",
      start: match.index,
      end: match.index + match[0].length,
      decoded: `variation selectors spelling "${decodeSelectors(match[0])}"`,
    });
  // Zero-width and direction characters, as runs (a run and the visible text it hides belong together).
  const chars = Array.from(text);
  let offset = 0;
  let run: { start: number; end: number; names: string[] } | null = null;
  chars.forEach((c, i) => {
    const hidden = ALWAYS_HIDDEN.test(c) || (c === "\uFEFF" && offset > 0) || (JOINERS.test(c) && !joinerAtHome(chars, i));
    if (hidden) {
      if (run && run.end === offset) {
        run.end += c.length;
        run.names.push(named(c));
      } else {
        if (run) spans.push(toSpan(run));
        run = { start: offset, end: offset + c.length, names: [named(c)] };
      }
    }
    offset += c.length;
  });
  if (run) spans.push(toSpan(run));
  return spans;
}

function toSpan(run: { start: number; end: number; names: string[] }): HiddenSpan {
  const distinct = [...new Set(run.names)];
  return {
    kind: "unicode",
    start: run.start,
    end: run.end,
    decoded: `${run.names.length} invisible character${run.names.length === 1 ? "" : "s"} (${distinct.join(", ")})`,
  };
}

const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

function commentSpans(text: string): HiddenSpan[] {
  return [...text.matchAll(HTML_COMMENT)].map((m) => ({
    kind: "html-comment" as const,
    start: m.index,
    end: m.index + m[0].length,
    decoded: m[0].replace(/^<!--|-->$/g, "").trim(),
  }));
}

const BASE64_RUN = /[A-Za-z0-9+/_-]{40,}={0,2}/g;
const HEX_RUN = /\b(?:0x)?((?:[0-9a-fA-F]{2}){20,})\b/g;
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2}){8,}/g;
const BASE32_RUN = /\b[A-Z2-7]{32,}={0,6}/g;
/** Leetspeak: words whose letters are digits in part ("4lw4y5", "u53r"). */
const LEET_WORD = /\b(?=[a-z0-9]*[a-z])(?=[a-z0-9]*[013457])[a-z0-9]{3,}\b/gi;
const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t" };
/** Words every English instruction has: text that has more of them after ROT13 than before was encoded. */
const COMMON_WORDS =
  /\b(?:the|and|to|of|before|after|every|each|read|file|files|do|not|this|that|with|for|your|you|user|send|call|tool|all|it|its|into|contents?|add|mention)\b/gi;
/** Two words or more of one script mixed with letters of another (a Cyrillic "а" in "reаd_file"). */
const MIXED_SCRIPT =
  /[\p{L}\d_-]*(?:\p{Script=Latin}[\p{L}\d_-]*[\p{Script=Cyrillic}\p{Script=Greek}]|[\p{Script=Cyrillic}\p{Script=Greek}][\p{L}\d_-]*\p{Script=Latin})[\p{L}\d_-]*/gu;

/** Decoded bytes that read as text: printable, with spaces between words (a digest or an image does not). */
function asText(bytes: Buffer): string | null {
  if (bytes.length < 16) return null;
  const text = bytes.toString("utf8");
  if (text.includes("\uFFFD")) return null;
  const printable = Array.from(text).filter((c) => /[\p{L}\p{N}\p{P}\p{Zs}\s]/u.test(c)).length;
  if (printable / Array.from(text).length < 0.95 || !/\p{L}{2,}\s+\p{L}{2,}/u.test(text)) return null;
  return text;
}

function blobSpans(text: string): HiddenSpan[] {
  const spans: HiddenSpan[] = [];
  for (const match of text.matchAll(BASE64_RUN)) {
    // Identifiers and paths are long too; a blob mixes cases and digits.
    if (!/[a-z]/.test(match[0]) || !/[A-Z]/.test(match[0]) || !/[0-9]/.test(match[0])) continue;
    const decoded = asText(Buffer.from(match[0].replace(/-/g, "+").replace(/_/g, "/"), "base64"));
    if (decoded) spans.push({ kind: "blob", start: match.index, end: match.index + match[0].length, decoded });
  }
  for (const match of text.matchAll(HEX_RUN)) {
    const decoded = asText(Buffer.from(match[1]!, "hex"));
    if (decoded) spans.push({ kind: "blob", start: match.index, end: match.index + match[0].length, decoded });
  }
  for (const match of text.matchAll(PERCENT_RUN)) {
    let decoded: string | null = null;
    try {
      decoded = asText(Buffer.from(decodeURIComponent(match[0]), "utf8"));
    } catch {
      decoded = null; // not UTF-8 once decoded
    }
    if (decoded) spans.push({ kind: "blob", start: match.index, end: match.index + match[0].length, decoded });
  }
  for (const match of text.matchAll(BASE32_RUN)) {
    let decoded: string | null = null;
    try {
      decoded = asText(Buffer.from(base32.parse(match[0], { loose: true })));
    } catch {
      decoded = null; // not base32 after all
    }
    if (decoded) spans.push({ kind: "blob", start: match.index, end: match.index + match[0].length, decoded });
  }
  // Text that reads as English only once transformed: ROT13, written backwards, or in leetspeak.
  const before = text.match(COMMON_WORDS)?.length ?? 0;
  const readsBetter = (transformed: string): boolean => {
    const after = transformed.match(COMMON_WORDS)?.length ?? 0;
    return after >= 5 && after > 3 * Math.max(before, 1);
  };
  const rot = rot13(text);
  if (readsBetter(rot)) spans.push({ kind: "blob", start: 0, end: text.length, decoded: `ROT13: ${rot}` });
  // Backwards, a line at a time: "Read backwards: .siht noitnem reven" hides one part of a plain description.
  let offset = 0;
  for (const line of text.split(/(?<=\n|:\s)/)) {
    const backwards = Array.from(line).reverse().join("");
    const plainWords = line.match(COMMON_WORDS)?.length ?? 0;
    const reversedWords = backwards.match(COMMON_WORDS)?.length ?? 0;
    if (reversedWords >= 5 && reversedWords > 3 * Math.max(plainWords, 1))
      spans.push({ kind: "blob", start: offset, end: offset + line.length, decoded: `written backwards: ${backwards.trim()}` });
    offset += line.length;
  }
  const leet = text.replace(LEET_WORD, (word) => word.replace(/[013457]/g, (digit) => LEET[digit]!));
  if (leet !== text && readsBetter(leet)) spans.push({ kind: "blob", start: 0, end: text.length, decoded: `leetspeak: ${leet}` });
  return spans;
}

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** Words that mix Latin with Cyrillic or Greek letters: homoglyphs pass for another name. */
function homoglyphSpans(text: string): HiddenSpan[] {
  return [...text.matchAll(MIXED_SCRIPT)].map((m) => ({
    kind: "unicode" as const,
    start: m.index,
    end: m.index + m[0].length,
    decoded: `"${m[0]}" mixes scripts: ${Array.from(m[0])
      .filter((c) => /[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(c))
      .map((c) => `${c} (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`)
      .join(", ")} among Latin letters`,
  }));
}

/** Everything hidden in one text, in the order it appears. */
export function hiddenSpans(text: string): HiddenSpan[] {
  return [...invisibleSpans(text), ...homoglyphSpans(text), ...commentSpans(text), ...blobSpans(text)].sort((a, b) => a.start - b.start);
}

/** The text as a model reads it, with hidden text made plain: what the instruction scan looks at. */
export function revealed(text: string, spans: readonly HiddenSpan[]): string {
  const extra = spans.filter((s) => s.kind !== "unicode" || s.decoded.includes('spelling "')).map((s) => s.decoded);
  const visible = text.replace(
    /\u001B\[[0-9;]*[A-Za-z]|[\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200D\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069]/gu,
    "",
  );
  return [visible, ...extra.map((e) => e.replace(/^(tag characters|variation selectors) spelling "|"$/g, ""))].join("\n");
}
