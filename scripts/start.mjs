// `npm start`: installs what is missing, builds if needed, and serves Toolscope on
// http://127.0.0.1:3000 with SQLite under ./data and the demo server connected. The server
// itself (server.ts) checks the configuration, and refuses to listen beyond loopback
// without TOOLSCOPE_API_TOKEN.
import { spawn } from "node:child_process";
import { ensureBuild, ensureDependencies, log, root, SERVER_BUNDLE } from "./lib/prepare.mjs";

ensureDependencies();
if ((await ensureBuild()) !== 0) process.exit(1);

log("Starting Toolscope…");
const child = spawn(process.execPath, ["--enable-source-maps", SERVER_BUNDLE], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
