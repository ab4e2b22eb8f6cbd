// Servers the bench runs in processes of their own, as real ones would be: the demo MCP server
// (`tsx lib/demo-server/cli.ts http`), and the floor proxy (`bench/lib/floor-proxy-server.ts`).
// Both print "listening on <URL>" on stderr once they accept connections.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { exited, freePort } from "./toolscope";

export type ChildServer = { url: string; close: () => Promise<void>; pid: number | undefined };

export async function startDemoProcess(repoRoot: string): Promise<ChildServer> {
  return spawnListening(repoRoot, [path.join(repoRoot, "lib/demo-server/cli.ts"), "http", "--port", String(await freePort())]);
}

/** A bare HTTP server forwarding each call to `mcpUrl` with the SDK client (see floor-proxy-server.ts). */
export async function startFloorProxy(repoRoot: string, mcpUrl: string): Promise<ChildServer> {
  return spawnListening(repoRoot, [path.join(repoRoot, "bench/lib/floor-proxy-server.ts"), mcpUrl], ["--conditions", "react-server"]);
}

async function spawnListening(repoRoot: string, args: string[], nodeFlags: string[] = []): Promise<ChildServer> {
  const tsx = createRequire(path.join(repoRoot, "package.json")).resolve("tsx");
  const child = spawn(process.execPath, [...nodeFlags, "--import", tsx, ...args], { cwd: repoRoot, stdio: ["ignore", "ignore", "pipe"] });
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
    child.once("exit", (code) => reject(new Error(`${path.basename(args[0]!)} exited (${code}) before listening:\n${output}`)));
  }).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return { url, close, pid: child.pid };
}
