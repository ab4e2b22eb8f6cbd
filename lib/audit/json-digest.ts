// The UTF-8 size and SHA-256 of JSON.stringify(value), computed as the JSON is produced, piece
// by piece, without building the whole string: the audit log keeps only the size and hash of a
// result past its limit, and a 20 MB result must not cost another 20 MB string (and its UTF-8
// copy) to find that out. Long strings are fed in slices.
import { createHash, type Hash } from "node:crypto";

const SLICE = 64 * 1024;

type Sink = { hash: Hash; size: number };

function write(sink: Sink, piece: string): void {
  sink.hash.update(piece, "utf8");
  sink.size += Buffer.byteLength(piece, "utf8");
}

function writeString(sink: Sink, text: string): void {
  if (text.length <= SLICE) {
    write(sink, JSON.stringify(text));
    return;
  }
  write(sink, '"');
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + SLICE, text.length);
    // Never split a surrogate pair: JSON.stringify would escape each half on its own.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    write(sink, JSON.stringify(text.slice(start, end)).slice(1, -1));
    start = end;
  }
  write(sink, '"');
}

function hasToJSON(value: object): value is { toJSON: (key: string) => unknown } {
  return typeof (value as { toJSON?: unknown }).toJSON === "function";
}

function writeValue(sink: Sink, value: unknown, inArray: boolean, key: string): boolean {
  if (value !== null && typeof value === "object" && hasToJSON(value)) value = value.toJSON(key);
  switch (typeof value) {
    case "string":
      writeString(sink, value);
      return true;
    case "number":
    case "boolean":
      write(sink, JSON.stringify(value));
      return true;
    case "bigint":
      // As JSON.stringify does.
      throw new TypeError("Do not know how to serialize a BigInt");
    case "undefined":
    case "function":
    case "symbol":
      if (inArray) write(sink, "null");
      return inArray;
  }
  if (value === null) {
    write(sink, "null");
    return true;
  }
  if (Array.isArray(value)) {
    write(sink, "[");
    value.forEach((item, index) => {
      if (index > 0) write(sink, ",");
      writeValue(sink, item, true, String(index));
    });
    write(sink, "]");
    return true;
  }
  write(sink, "{");
  let first = true;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const kind = typeof v;
    if (kind === "undefined" || kind === "function" || kind === "symbol") continue;
    if (!first) write(sink, ",");
    first = false;
    writeString(sink, k);
    write(sink, ":");
    writeValue(sink, v, false, k);
  }
  write(sink, "}");
  return true;
}

/** JSON.stringify(value)'s UTF-8 byte length and SHA-256 (hex); null for a value JSON.stringify leaves out (undefined). */
export function jsonDigest(value: unknown): { size: number; sha256: string } | null {
  const sink: Sink = { hash: createHash("sha256"), size: 0 };
  if (!writeValue(sink, value, false, "")) return null;
  return { size: sink.size, sha256: sink.hash.digest("hex") };
}
