import { describe, expect, it } from "vitest";
import { buildSearchIndex, searchTools, withinOneEdit } from "./catalog-search";

const tools = [
  { name: "get_weather", title: "Weather", description: "Current weather for a city", inputSchema: { type: "object" as const } },
  { name: "delete_note", title: "Delete a note", description: "Deletes a note for good", inputSchema: { type: "object" as const } },
  { name: "schedule_meeting", description: "Formats, defaults and examples", inputSchema: { type: "object" as const } },
];
const names = (query: string): string[] => searchTools(buildSearchIndex(tools), query).map((t) => t.name);

describe("searchTools", () => {
  it("matches name, title and description, every word", () => {
    expect(names("")).toEqual(["get_weather", "delete_note", "schedule_meeting"]);
    expect(names("weather city")).toEqual(["get_weather"]);
    expect(names("note")).toEqual(["delete_note"]);
    expect(names("get_weather")).toEqual(["get_weather"]);
  });

  it("tolerates one typo in a word of four letters or more", () => {
    expect(names("wether")).toEqual(["get_weather"]);
    expect(names("weahter")).toEqual(["get_weather"]);
    expect(names("meetnig")).toEqual(["schedule_meeting"]);
    expect(names("shedule")).toEqual(["schedule_meeting"]);
    expect(names("xyz")).toEqual([]);
    expect(names("wthr")).toEqual([]);
    expect(names("weather2")).toEqual([]);
  });

  it("lists exact matches before typo matches", () => {
    const index = buildSearchIndex([
      { name: "nite_shift", description: "Schedules the night shift", inputSchema: { type: "object" as const } },
      ...tools,
    ]);
    // "nite" is one edit from "note": a typo match, listed after the exact one.
    expect(searchTools(index, "note").map((t) => t.name)).toEqual(["delete_note", "nite_shift"]);
    expect(searchTools(index, "nite").map((t) => t.name)).toEqual(["nite_shift", "delete_note"]);
    expect(searchTools(index, "notes").map((t) => t.name)).toEqual(["delete_note"]);
  });
});

describe("withinOneEdit", () => {
  it("counts substitutions, insertions, deletions and transpositions as one", () => {
    expect(withinOneEdit("note", "nite")).toBe(true);
    expect(withinOneEdit("note", "notes")).toBe(true);
    expect(withinOneEdit("notes", "note")).toBe(true);
    expect(withinOneEdit("note", "ntoe")).toBe(true);
    expect(withinOneEdit("note", "nitr")).toBe(false);
  });
});
