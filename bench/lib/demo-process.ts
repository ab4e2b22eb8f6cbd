// The demo MCP server in a process of its own (`tsx lib/demo-server/cli.ts http`), as a real
// MCP server would be: then both paths cross a process boundary to reach it.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { exited, freePort } from "./toolscope";

export type DemoProcess = { url: string; close: () => Promise<void>; pid: number | undefined };

export async function startDemoProcess(repoRoot: string): Promise<DemoProcess> {
  const port = await freePort();
  const tsx = createRequire(path.join(repoRoot, "package.json")).resolve("tsx");
  const child = spawn(process.execPath, ["--import", tsx, path.join(repoRoot, "lib/demo-server/cli.ts"), "http", "--port", String(port)], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "pipe"],
  });
  const close = async (): Promise<void> => {
    child.kill("SIGTERM");
    await Promise.race([exited(child), new Promise((resolve) => setTimeout(resolve, 5000))]);
    child.kill("SIGKILL");
  };
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const listening = /listening on (\S+)/.exec(output);
      if (listening) resolve(listening[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the demo server exited (${code}) before listening:\n${output}`)));
  }).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return { url, close, pid: child.pid };
}
