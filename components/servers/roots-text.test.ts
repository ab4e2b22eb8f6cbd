import { describe, expect, it } from "vitest";
import { parseRoots, rootsToText } from "./roots-text";

describe("roots as the server form edits them", () => {
  it("reads one root a line, with an optional name after the URI, and writes them back the same way", () => {
    const text = "file:///home/ada/project  The project\n\n  file:///tmp  \n";
    const parsed = parseRoots(text);
    expect(parsed).toEqual({ roots: [{ uri: "file:///home/ada/project", name: "The project" }, { uri: "file:///tmp" }] });
    if ("roots" in parsed) expect(rootsToText(parsed.roots)).toBe("file:///home/ada/project The project\nfile:///tmp");
  });

  it("names the line that is not a file:// URI", () => {
    expect(parseRoots("file:///ok\n/home/ada")).toEqual({ problem: expect.stringContaining('line 2: "/home/ada" is not a URI') });
    expect(parseRoots("https://example.com/repo")).toEqual({ problem: expect.stringContaining("is not a file:// URI") });
  });

  it("takes nothing for no roots", () => {
    expect(parseRoots("  \n")).toEqual({ roots: [] });
    expect(rootsToText(null)).toBe("");
  });
});
