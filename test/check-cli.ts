// `toolscope check` run as CI runs it: the command line (scripts/toolscope.mjs) in a child process,
// its exit code and what it printed.
import { spawn } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "@/test/fixtures/spawn";

const CLI = path.join(REPO_ROOT, "scripts", "toolscope.mjs");

// Each check starts the CLI, which starts servers: 4-8 s on two idle cores; one took over 60 s with
// a coverage run and two busy loops beside it. The limit ends a stuck test, it does not time one.
export const CHECK_LIMIT_MS = 150_000;

export function checkCli(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, "check", ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
