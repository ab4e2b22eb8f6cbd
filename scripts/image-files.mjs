// What the production server reads when it runs, copied into one folder for the image's final
// stage (Dockerfile): the build (.next without its cache, the .toolscope bundles, public) and, of
// node_modules, only the files something that runs imports. Those are found by @vercel/nft, the
// tracer Next's standalone output uses: from the bundles (whose npm imports all stay imports) and
// from the traces Next wrote beside every route and its own server (*.nft.json). A full install
// of the runtime dependencies is several times larger: most packages are bundled into .next and
// never loaded from node_modules.
//
//   node scripts/image-files.mjs <out>     (after npm run build)
import fs from "node:fs";
import path from "node:path";
import { nodeFileTrace } from "@vercel/nft";

const root = path.resolve(import.meta.dirname, "..");
const out = path.resolve(process.argv[2] ?? "");
if (!process.argv[2] || out === root) {
  process.stderr.write("usage: node scripts/image-files.mjs <folder to copy into>\n");
  process.exit(2);
}

/** Every file under a folder, relative to the root; `skip` leaves out subfolders by name. */
function walk(folder, skip = new Set()) {
  const files = [];
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!skip.has(entry.name)) files.push(...walk(relative, skip));
    } else files.push(relative);
  }
  return files;
}

const ENTRIES = [
  ".toolscope/server.mjs",
  ".toolscope/demo-server.mjs",
  ".toolscope/cli.mjs",
  "scripts/container-entry.mjs",
  "next.config.mjs",
];
const build = [...walk(".next", new Set(["cache"])), ...walk(".toolscope").filter((file) => !file.endsWith(".map")), ...walk("public")];

const files = new Set([...ENTRIES, "package.json", ...build]);
const { fileList, warnings } = await nodeFileTrace(ENTRIES, { base: root, processCwd: root });
for (const file of fileList) files.add(file);
// Next's traces: each lists, relative to itself, what its route (or Next's server) loads.
for (const trace of build.filter((file) => file.endsWith(".nft.json"))) {
  const { files: listed } = JSON.parse(fs.readFileSync(path.join(root, trace), "utf8"));
  for (const file of listed) files.add(path.relative(root, path.resolve(root, path.dirname(trace), file)));
}

/**
 * Source maps: half of what was traced, read by no one at run time. sharp (@img): Next's image
 * optimizer, which no page uses (no next/image).
 */
const UNNEEDED = [/\.map$/, /^node_modules\/@img\//, /^node_modules\/sharp\//];

let bytes = 0;
for (const file of files) {
  if (file.startsWith("..") || UNNEEDED.some((pattern) => pattern.test(file))) continue;
  const from = path.join(root, file);
  const to = path.join(out, file);
  const stat = fs.lstatSync(from, { throwIfNoEntry: false });
  if (!stat) continue;
  fs.mkdirSync(path.dirname(to), { recursive: true });
  if (stat.isSymbolicLink()) {
    if (!fs.existsSync(to)) fs.symlinkSync(fs.readlinkSync(from), to);
  } else if (stat.isFile()) {
    fs.copyFileSync(from, to);
    bytes += stat.size;
  }
}
const unresolved = [...warnings].filter((warning) => !/Failed to resolve dependency/.test(String(warning)));
for (const warning of unresolved.slice(0, 10)) process.stderr.write(`[image-files] ${String(warning).split("\n")[0]}\n`);
process.stdout.write(`[image-files] ${files.size} files, ${(bytes / 1024 / 1024).toFixed(1)} MB, into ${out}\n`);
