// Writes components/api/route-modules.ts: each route handler module of app/api by its path
// pattern, for the browser's typed client to read each answer's type off its handler.
// `npx tsx scripts/api-route-modules.ts` writes it; scripts/api-route-modules.test.ts checks it.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
export const ROUTE_MODULES_FILE = path.join(ROOT, "components", "api", "route-modules.ts");

function routeFolders(dir: string, pattern: string, importPath: string): [string, string][] {
  const found: [string, string][] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory()) {
      const segment = entry.name.replace(/^\[(.+)\]$/, ":$1");
      found.push(...routeFolders(path.join(dir, entry.name), `${pattern}/${segment}`, `${importPath}/${entry.name}`));
    } else if (entry.name === "route.ts") {
      found.push([pattern, `${importPath}/route`]);
    }
  }
  return found;
}

export function routeModulesSource(): string {
  const routes = routeFolders(path.join(ROOT, "app", "api"), "/api", "@/app/api");
  const lines = routes.map(([pattern, module]) => `  "${pattern}": typeof import("${module}");`);
  return [
    "// Written by scripts/api-route-modules.ts from app/api: do not edit by hand.",
    "// Type-only: the handlers' modules are never loaded in the browser.",
    "export type RouteModules = {",
    ...lines,
    "};",
    "",
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(ROUTE_MODULES_FILE, routeModulesSource());
  console.log(`wrote ${path.relative(ROOT, ROUTE_MODULES_FILE)}`);
}
