#!/usr/bin/env node
// `toolscope`: Toolscope's command line (today: `toolscope check`, docs/report-card.md). It runs
// scripts/toolscope-cli.ts bundled with esbuild into .toolscope/cli.mjs, as the server is (lib/ in
// the bundle, npm packages from node_modules, `server-only` empty), made anew whenever a source
// is newer than the bundle: a bundle starts in a fraction of the time compiling with tsx takes.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bundle = path.join(root, ".toolscope", "cli.mjs");

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const builtAt = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
if (builtAt < Math.max(newest(path.join(root, "lib")), fs.statSync(path.join(root, "scripts", "toolscope-cli.ts")).mtimeMs)) {
  const { bundleCli } = await import("./lib/build-server.mjs");
  await bundleCli(root);
}
await import(pathToFileURL(bundle).href);
