// Bundles server.ts, Toolscope's front door, into .toolscope/server.mjs with esbuild: lib/ is
// compiled in (the `@/` paths resolved, `server-only` an empty module, since this is the
// server), every npm package stays an import of node_modules, as Next's route bundles keep them.
// The bundled demo server's command line goes into .toolscope/demo-server.mjs the same way:
// Toolscope starts it over stdio (twice, with the revision probe) each time it starts, and a
// bundle starts in a fraction of the time tsx takes to compile it.
import path from "node:path";
import { build } from "esbuild";

export const SERVER_BUNDLE = path.join(".toolscope", "server.mjs");
export const DEMO_SERVER_BUNDLE = path.join(".toolscope", "demo-server.mjs");
export const CLI_BUNDLE = path.join(".toolscope", "cli.mjs");

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
  await Promise.all([
    bundle(root, "server.ts", SERVER_BUNDLE),
    bundle(root, path.join("lib", "demo-server", "cli.ts"), DEMO_SERVER_BUNDLE),
    bundleCli(root),
  ]);
}

/** Toolscope's command line (scripts/toolscope.mjs bundles it on demand too). */
export function bundleCli(root) {
  return bundle(root, path.join("scripts", "toolscope-cli.ts"), CLI_BUNDLE);
}

async function bundle(root, entry, outfile) {
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
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
