// The front door's route table against the route handlers Next has: the same paths, the same
// methods, so that neither can drift from the other unnoticed.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_ROUTES, matchApiRoute } from "./api-routes";

const APP_API = path.resolve(import.meta.dirname, "..", "..", "app", "api");

function routeFiles(dir: string, prefix = "/api"): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const segment = entry.name.replace(/^\[(.+)\]$/, ":$1");
      for (const [pattern, methods] of routeFiles(full, `${prefix}/${segment}`)) found.set(pattern, methods);
    } else if (entry.name === "route.ts") {
      const source = fs.readFileSync(full, "utf8");
      const methods = [...source.matchAll(/export (?:async )?function (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]!);
      found.set(prefix, methods.sort());
    }
  }
  return found;
}

describe("the API route table", () => {
  it("lists exactly the routes and methods of app/api, plus those the front door serves", () => {
    const files = routeFiles(APP_API);
    const byNext = API_ROUTES.filter((r) => r.servedBy === "next");
    expect(new Map(byNext.map((r) => [r.pattern, [...r.methods].sort()]))).toEqual(files);
    for (const route of API_ROUTES.filter((r) => r.servedBy === "front-door")) expect(files.has(route.pattern)).toBe(false);
  });

  it("matches literal segments before parameters, and decoded segments as parameters", () => {
    expect(matchApiRoute(["api", "servers", "mcp.json"])?.route.pattern).toBe("/api/servers/mcp.json");
    expect(matchApiRoute(["api", "servers", "demo"])).toMatchObject({
      route: { pattern: "/api/servers/:serverId" },
      params: { serverId: "demo" },
    });
    expect(matchApiRoute(["api", "servers", "a/b", "tools", "x y", "call"])?.params).toEqual({ serverId: "a/b", toolName: "x y" });
    expect(matchApiRoute(["api", "servers", "", "tools"])).toBeUndefined();
    expect(matchApiRoute(["api", "nothing"])).toBeUndefined();
  });
});
