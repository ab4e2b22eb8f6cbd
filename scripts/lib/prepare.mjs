// What both README commands do first on any machine: install missing dependencies and
// build when the sources are newer than the last build. Node built-ins only, because
// this runs before anything is installed.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..", "..");

export function log(message) {
  process.stdout.write(`\x1b[36m[toolscope]\x1b[0m ${message}\n`);
}

/** Runs a command in the repo, streaming its output; returns its exit code. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...options.env } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/**
 * Runs a command in the repo with its output held back and printed whole when it ends, so that
 * stages run side by side (npm test) do not interleave; resolves with its exit code.
 */
export function runCollected(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

/** Runs a command in the repo, streaming its output, without blocking the event loop; resolves with its exit code. */
export function runStreamed(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...options.env }, stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("close", (code) => resolve(code ?? 1));
  });
}

export function mustRun(command, args, options) {
  const code = run(command, args, options);
  if (code !== 0) {
    log(`"${[command, ...args].join(" ")}" failed with exit code ${code}.`);
    process.exit(code);
  }
}

/** Environment every install needs: node-gyp finds Node's headers locally (better-sqlite3 builds from source). */
export function installEnvironment() {
  const env = { NEXT_TELEMETRY_DISABLED: "1" };
  if (!process.env.npm_config_nodedir && fs.existsSync("/usr/include/node/node.h")) env.npm_config_nodedir = "/usr";
  return env;
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function nativeModuleLoads() {
  const probe = spawnSync(process.execPath, ["-e", "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root, stdio: "ignore" });
  return probe.status === 0;
}

function installIsStale() {
  const installedMarker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  return (
    mtime(installedMarker) === 0 || mtime(lock) > mtime(installedMarker) || mtime(path.join(root, "package.json")) > mtime(installedMarker)
  );
}

/** What a first install is doing, said before npm's own output fills the screen. */
function installNotes() {
  log("  The first time this takes a few minutes: most of it is compiling better-sqlite3 from source (no prebuilt binary");
  log("  is reachable everywhere). npm's EBADENGINE warnings name two test-only packages (@axe-core/playwright, and");
  log("  content-type under the MCP conformance suite) that ask for Node 22; Toolscope itself runs on Node 20.9 and newer.");
}

function install(extra = []) {
  const lock = path.join(root, "package-lock.json");
  mustRun("npm", [...(fs.existsSync(lock) ? ["ci"] : ["install"]), "--no-audit", "--no-fund", ...extra]);
}

export function ensureDependencies() {
  Object.assign(process.env, installEnvironment());
  if (installIsStale()) {
    log("Installing dependencies (npm ci)…");
    installNotes();
    install();
  }
  if (!nativeModuleLoads()) {
    log("Rebuilding better-sqlite3 for this Node…");
    mustRun("npm", ["rebuild", "better-sqlite3"]);
  }
}

/**
 * npm test's install: the packages now, their install scripts later. Those scripts are mostly
 * better-sqlite3's compile from source (no prebuilt binary is reachable): a minute of one core,
 * which left the other idle. Format, lint, typecheck and the build load no native module (the
 * build imports better-sqlite3, whose binary is loaded only when a database opens), so npm test
 * runs the scripts (`npm rebuild`, every package's, as npm ci would have) beside them through
 * `runner`, and starts what opens a database when this resolves (its exit code).
 */
export function ensureDependenciesScriptsBeside(runner) {
  Object.assign(process.env, installEnvironment());
  if (installIsStale()) {
    log("Installing dependencies (npm ci; their install scripts run beside the first checks)…");
    installNotes();
    install(["--ignore-scripts"]);
    return runner("npm", ["rebuild"], { env: TEST_COMPILE_FLAGS });
  }
  if (nativeModuleLoads()) return Promise.resolve(0);
  log("Rebuilding the native modules for this Node, beside the first checks…");
  return runner("npm", ["rebuild"], { env: TEST_COMPILE_FLAGS });
}

/**
 * The suite is CPU-bound on two cores, and better-sqlite3's -O3 compile of SQLite is its single
 * largest step: 31 CPU-s here, 11 at -O1 (node-gyp puts these after its own flags). The code is
 * the same; SQLite runs somewhat slower, which the tests do not notice. An install of `npm start`'s
 * own compiles as the package says.
 */
const TEST_COMPILE_FLAGS = { CFLAGS: "-O1", CXXFLAGS: "-O1" };

const BUILD_INPUTS = [
  "server.ts",
  "app",
  "components",
  "lib",
  "public",
  "instrumentation.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** The front door's bundle (server.ts), which `npm start` and the browser tests run. */
export const SERVER_BUNDLE = path.join(root, ".toolscope", "server.mjs");

/** Bundles server.ts; esbuild is imported only now, after the install. */
export async function buildServerBundle() {
  const { buildServer } = await import("./build-server.mjs");
  try {
    await buildServer(root);
    return 0;
  } catch (error) {
    log(`Bundling server.ts failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/**
 * Builds when a source is newer than the last build. `typechecked`: the caller has just run tsc
 * over the same sources (npm test), so next build need not do it a second time. `runner`: how the
 * build command runs (npm test runs it beside other stages, its output held back).
 */
export async function ensureBuild({ force = false, typechecked = false, runner = run } = {}) {
  const builtAt = Math.min(mtime(path.join(root, ".next", "BUILD_ID")), mtime(SERVER_BUNDLE));
  const changedAt = Math.max(...BUILD_INPUTS.map(newestMtime));
  if (force || builtAt === 0 || changedAt > builtAt) {
    log("Building the app (next build): a minute or two; later starts skip it until the sources change…");
    const env = { NEXT_TELEMETRY_DISABLED: "1", ...(typechecked ? { TOOLSCOPE_BUILD_TYPECHECKED: "1" } : {}) };
    const code = await runner("npx", ["next", "build"], { env });
    if (code !== 0) return code;
    return buildServerBundle();
  }
  log("The build is up to date.");
  return 0;
}
