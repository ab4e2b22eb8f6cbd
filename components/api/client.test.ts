// The typed client's URLs: each parameter one encoded path segment, the query without its
// empty values, and a missing parameter refused rather than sent as "undefined".
import { describe, expect, it } from "vitest";
import { apiUrl } from "./client";

describe("apiUrl", () => {
  it("fills and encodes path parameters", () => {
    expect(apiUrl("/api/servers/:serverId/tools/:toolName/tasks", { serverId: "a/b", toolName: "x y?" })).toBe(
      "/api/servers/a%2Fb/tools/x%20y%3F/tasks",
    );
  });

  it("adds the query, leaving out what is unset", () => {
    expect(apiUrl("/api/audit", {}, { limit: 50, cursor: undefined, q: "a&b", all: false, none: null })).toBe(
      "/api/audit?limit=50&q=a%26b&all=false",
    );
    expect(apiUrl("/api/audit", {}, { cursor: undefined })).toBe("/api/audit");
    expect(apiUrl("/api/audit", {}, new URLSearchParams("a=1&a=2"))).toBe("/api/audit?a=1&a=2");
  });

  it("refuses a route whose parameter has no value", () => {
    expect(() => apiUrl("/api/servers/:serverId", {})).toThrow(/no value for :serverId/);
  });
});
