// The typed client's list of route modules is app/api's, route for route.
import fs from "node:fs";
import { expect, it } from "vitest";
import { ROUTE_MODULES_FILE, routeModulesSource } from "./api-route-modules";

it("components/api/route-modules.ts lists every route of app/api (npx tsx scripts/api-route-modules.ts writes it)", () => {
  expect(fs.readFileSync(ROUTE_MODULES_FILE, "utf8")).toBe(routeModulesSource());
});
