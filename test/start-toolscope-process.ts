// Starts test/toolscope-process.ts (Toolscope's start-up and front door, without Next) as a process of its
// own, for tests that signal or kill a whole process: nothing of this test run's Toolscope settings or
// database reaches it, only what `env` gives (a data dir, a config file). Resolves once every configured
// server is connected, with the port its front door listens on.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { REPO_ROOT } from "@/test/fixtures/spawn";
import { programArgs } from "@/test/programs";

export const TOOLSCOPE_PROCESS_STARTUP_MS = 60_000;

export type ToolscopeProcess = { child: ChildProcess; base: string; output: () => string };

export async function startToolscopeProcess(env: Record<string, string>): Promise<ToolscopeProcess> {
  const inherited = Object.entries(process.env).filter(
    ([key]) => !key.startsWith("TOOLSCOPE_") && !key.startsWith("VITEST") && key !== "DATABASE_URL",
  );
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", ...programArgs(path.join(REPO_ROOT, "test", "toolscope-process.ts"))],
    { cwd: REPO_ROOT, env: { ...Object.fromEntries(inherited), NODE_ENV: "production", ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Toolscope did not start:\n${output}`)), TOOLSCOPE_PROCESS_STARTUP_MS);
    child.once("exit", (code) => reject(new Error(`Toolscope exited (${code}) before it was ready:\n${output}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      output += `${line}\n`;
      if (!line.startsWith("READY ")) return;
      clearTimeout(timer);
      resolve(line.slice("READY ".length));
    });
  });
  return { child, base: `http://127.0.0.1:${port}`, output: () => output };
}
