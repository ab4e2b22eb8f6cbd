import { describe, expect, it } from "vitest";
import { expandTemplate, templateVariables } from "./uri-template";

describe("resource templates", () => {
  it("names every variable once, whatever the operator or modifier", () => {
    expect(templateVariables("demo://weather/{city}")).toEqual(["city"]);
    expect(templateVariables("file:///{+path}{?q,lang}{#frag}")).toEqual(["path", "q", "lang", "frag"]);
    expect(templateVariables("x://{list*}/{name:3}/{name}")).toEqual(["list", "name"]);
    expect(templateVariables("x://fixed")).toEqual([]);
  });

  it("expands as RFC 6570 does: reserved characters encoded in simple expansion, kept in +", () => {
    expect(expandTemplate("demo://weather/{city}", { city: "São Paulo/Centro" })).toBe("demo://weather/S%C3%A3o%20Paulo%2FCentro");
    expect(expandTemplate("file:///{+path}", { path: "a/b c" })).toBe("file:///a/b%20c");
    expect(expandTemplate("x://s{?q,lang}", { q: "mcp", lang: "" })).toBe("x://s?q=mcp");
  });
});
