import { describe, expect, it } from "vitest";
import { contentChanges, MAX_DIFF_CHARS } from "./content-changes";

const text = (t: string, uri = "demo://a") => ({ contents: [{ uri, mimeType: "text/plain", text: t }] });

describe("contentChanges", () => {
  it("shows the changed lines of a text with their context, and counts them", () => {
    const before = text(["one", "two", "three", "four", "five", "six", "seven"].join("\n"));
    const after = text(["one", "two", "three", "FOUR", "five", "six", "seven"].join("\n"));
    const [change] = contentChanges(before, after);
    expect(change).toMatchObject({ uri: "demo://a", kind: "text", added: 1, removed: 1, cut: false });
    if (change?.kind !== "text") throw new Error("not a text change");
    expect(change.lines).toEqual([
      { sign: " ", text: "two" },
      { sign: " ", text: "three" },
      { sign: "-", text: "four" },
      { sign: "+", text: "FOUR" },
      { sign: " ", text: "five" },
      { sign: " ", text: "six" },
    ]);
  });

  it("says when nothing changed", () => {
    expect(contentChanges(text("same"), text("same"))).toEqual([{ uri: "demo://a", kind: "same" }]);
  });

  it("separates distant changes and leaves out the marker for a missing final newline", () => {
    const lines = Array.from({ length: 20 }, (_v, i) => `line ${i}`);
    const changed = [...lines];
    changed[1] = "first";
    changed[18] = "last";
    const [change] = contentChanges(text(lines.join("\n")), text(changed.join("\n")));
    if (change?.kind !== "text") throw new Error("not a text change");
    expect(change.lines.filter((l) => l.sign === "…")).toHaveLength(1);
    expect(change.lines.some((l) => l.text.includes("No newline"))).toBe(false);
  });

  it("compares a binary content by its bytes, and a very long text whole", () => {
    const blob = (b64: string) => ({ contents: [{ uri: "demo://b", mimeType: "application/octet-stream", blob: b64 }] });
    expect(contentChanges(blob("AAAA"), blob("AAECAw=="))).toEqual([{ uri: "demo://b", kind: "binary", beforeBytes: 3, afterBytes: 4 }]);
    const long = "x".repeat(MAX_DIFF_CHARS + 1);
    expect(contentChanges(text(long), text(`${long}y`))[0]).toMatchObject({ kind: "too-large" });
  });

  it("names contents that appeared or went away", () => {
    const two = { contents: [...text("a").contents, ...text("b", "demo://second").contents] };
    expect(contentChanges(text("a"), two)).toEqual([
      { uri: "demo://a", kind: "same" },
      { uri: "demo://second", kind: "added" },
    ]);
    expect(contentChanges(two, text("a"))[1]).toEqual({ uri: "demo://second", kind: "removed" });
  });
});
