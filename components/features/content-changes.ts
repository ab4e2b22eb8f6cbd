// What changed in a resource between two reads, content by content: for text, the changed lines
// with two lines of context either side (jsdiff's structured patch); for binary, the sizes.
// Contents pair up by position, as a server answers them.
import { structuredPatch } from "diff";
import type { ReadResourceResult } from "@/lib/domain/server-features";

type Content = ReadResourceResult["contents"][number];

export type DiffLine = { sign: "+" | "-" | " " | "…"; text: string };

export type ContentChange = { uri: string } & (
  | { kind: "same" }
  | { kind: "text"; lines: DiffLine[]; added: number; removed: number; cut: boolean }
  | { kind: "binary"; beforeBytes: number; afterBytes: number }
  | { kind: "added" | "removed" }
  | { kind: "too-large"; beforeChars: number; afterChars: number }
);

/** Texts longer than this are compared whole (same or not), not line by line: the page must stay responsive. */
export const MAX_DIFF_CHARS = 200_000;
/** Diff lines shown; the rest are counted. */
export const MAX_DIFF_LINES = 400;

const textOf = (content: Content): string | undefined => ("text" in content && typeof content.text === "string" ? content.text : undefined);
const blobOf = (content: Content): string | undefined => ("blob" in content && typeof content.blob === "string" ? content.blob : undefined);
const bytesOf = (base64: string): number => Math.floor((base64.replace(/=+$/, "").length * 3) / 4);

export function contentChanges(before: ReadResourceResult, after: ReadResourceResult): ContentChange[] {
  const changes: ContentChange[] = [];
  for (let i = 0; i < Math.max(before.contents.length, after.contents.length); i++) {
    const a = before.contents[i];
    const b = after.contents[i];
    if (!a) changes.push({ uri: b!.uri, kind: "added" });
    else if (!b) changes.push({ uri: a.uri, kind: "removed" });
    else changes.push(compare(a, b));
  }
  return changes;
}

function compare(a: Content, b: Content): ContentChange {
  const uri = b.uri;
  const [textA, textB] = [textOf(a), textOf(b)];
  if (textA !== undefined && textB !== undefined) {
    if (textA === textB) return { uri, kind: "same" };
    if (textA.length > MAX_DIFF_CHARS || textB.length > MAX_DIFF_CHARS)
      return { uri, kind: "too-large", beforeChars: textA.length, afterChars: textB.length };
    return { uri, kind: "text", ...lineChanges(textA, textB) };
  }
  const [blobA, blobB] = [blobOf(a) ?? textA ?? "", blobOf(b) ?? textB ?? ""];
  if (blobA === blobB && textA === textB) return { uri, kind: "same" };
  return { uri, kind: "binary", beforeBytes: bytesOf(blobA), afterBytes: bytesOf(blobB) };
}

function lineChanges(before: string, after: string): { lines: DiffLine[]; added: number; removed: number; cut: boolean } {
  const patch = structuredPatch("before", "after", before, after, "", "", { context: 2 });
  const lines: DiffLine[] = [];
  let added = 0;
  let removed = 0;
  patch.hunks.forEach((hunk, index) => {
    if (index > 0) lines.push({ sign: "…", text: "" });
    for (const line of hunk.lines) {
      const sign = line[0];
      if (sign === "\\") continue; // "\ No newline at end of file"
      if (sign === "+") added++;
      if (sign === "-") removed++;
      lines.push({ sign: sign === "+" || sign === "-" ? sign : " ", text: line.slice(1) });
    }
  });
  return { lines: lines.slice(0, MAX_DIFF_LINES), added, removed, cut: lines.length > MAX_DIFF_LINES };
}
