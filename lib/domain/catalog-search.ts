// Search over a catalog's name, titles and description, tolerant of typos: every word of the
// query must appear in the tool's text, either as a substring or as a word within one edit
// (a letter missing, extra, wrong, or two swapped) for words of four letters or more, without
// digits. Tools that match every word exactly come before those that needed a typo allowance.
// The index is built once per tool list so each keystroke only compares.
import type { Tool } from "@modelcontextprotocol/client";

export type SearchEntry = { tool: Tool; text: string; words: string[] };

// Entries are kept per tool object: while a catalog arrives page by page the list grows by
// concatenation, and each batch then indexes only its own tools, not the whole list again.
const entries = new WeakMap<Tool, SearchEntry>();

function entryOf(tool: Tool): SearchEntry {
  const known = entries.get(tool);
  if (known) return known;
  const text = [tool.name, tool.title, tool.annotations?.title, tool.description].filter(Boolean).join(" ").toLowerCase();
  const entry = { tool, text, words: [...new Set(text.split(/[^a-z0-9]+/).filter((w) => w.length >= 3))] };
  entries.set(tool, entry);
  return entry;
}

export function buildSearchIndex(tools: readonly Tool[]): SearchEntry[] {
  return tools.map(entryOf);
}

/** Whether a and b are at most one edit apart (Damerau: a transposition counts as one). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // transposition
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1); // deletion / insertion
}

/** 0: the word is in the text as typed; 1: within one typo; -1: no match. */
function wordMatch(entry: SearchEntry, word: string): 0 | 1 | -1 {
  if (entry.text.includes(word)) return 0;
  // Short words and numbers must match exactly: "v2" or "09998" one edit away is another tool.
  if (word.length < 4 || /\d/.test(word)) return -1;
  // A typo in a word, or in a prefix of a longer word being typed.
  const near = entry.words.some((w) => withinOneEdit(w, word) || (w.length > word.length && withinOneEdit(w.slice(0, word.length), word)));
  return near ? 1 : -1;
}

export function searchTools(index: readonly SearchEntry[], query: string): Tool[] {
  const words = query
    .toLowerCase()
    .split(/[\s_.-]+/)
    .filter(Boolean);
  if (words.length === 0) return index.map((e) => e.tool);
  const exact: Tool[] = [];
  const fuzzy: Tool[] = [];
  for (const entry of index) {
    let typos = false;
    let matches = true;
    for (const word of words) {
      const match = wordMatch(entry, word);
      if (match === -1) {
        matches = false;
        break;
      }
      if (match === 1) typos = true;
    }
    if (matches) (typos ? fuzzy : exact).push(entry.tool);
  }
  return exact.concat(fuzzy);
}
