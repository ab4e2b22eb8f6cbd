// `npm run dev`: Toolscope's front door with Next in development mode (pages and routes
// reload on save). The front door's own code (lib/server, the call pipeline it runs) is
// bundled at start: restart to pick up changes there.
import { spawn } from "node:child_process";
import { buildServerBundle, ensureDependencies, root, SERVER_BUNDLE } from "./lib/prepare.mjs";

ensureDependencies();
if ((await buildServerBundle()) !== 0) process.exit(1);
const child = spawn(process.execPath, ["--enable-source-maps", SERVER_BUNDLE, "--dev"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "development", NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
