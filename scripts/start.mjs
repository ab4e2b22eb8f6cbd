// `npm start`: installs what is missing, builds if needed, and serves Toolscope on
// http://127.0.0.1:3000 with SQLite under ./data and the demo server connected.
import { spawn } from "node:child_process";
import { ensureBuild, ensureDependencies, log, root } from "./lib/prepare.mjs";

ensureDependencies();
if (ensureBuild() !== 0) process.exit(1);

const host = process.env.TOOLSCOPE_HOST ?? "127.0.0.1";
const port = process.env.TOOLSCOPE_PORT ?? process.env.PORT ?? "3000";
// Anyone who reaches Toolscope can add a stdio server, which runs a command: off loopback,
// it must ask for the token.
const loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].includes(host);
if (!loopback && !process.env.TOOLSCOPE_API_TOKEN) {
  log(`Refusing to listen on ${host} without TOOLSCOPE_API_TOKEN: anyone who can reach it could run commands on this machine.`);
  log("Set TOOLSCOPE_API_TOKEN (browsers then sign in with it), or keep TOOLSCOPE_HOST on 127.0.0.1.");
  process.exit(1);
}
log(`Starting Toolscope on http://${host}:${port}`);
const child = spawn("npx", ["next", "start", "--hostname", host, "--port", port], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
