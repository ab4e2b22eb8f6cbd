// Bundles server.ts, Toolscope's front door, into .toolscope/server.mjs with esbuild: lib/ is
// compiled in (the `@/` paths resolved, `server-only` an empty module, since this is the
// server), every npm package stays an import of node_modules, as Next's route bundles keep them.
import path from "node:path";
import { build } from "esbuild";

export const SERVER_BUNDLE = path.join(".toolscope", "server.mjs");

/** @type {import("esbuild").Plugin} */
const packagesStayExternal = {
  name: "packages-stay-external",
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@/") ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer(root) {
  await build({
    absWorkingDir: root,
    entryPoints: ["server.ts"],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    tsconfig: "tsconfig.json",
    plugins: [packagesStayExternal],
    logLevel: "warning",
  });
}
