// `npm run user:create` as the README gives it, against a test's own data directory (SQLite
// there, whatever the shell points at): how the first admin of a fresh install, and the
// people after, are made.
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import path from "node:path";
import { programArgs } from "../test/programs";
import { expect } from "./test";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");

/** Runs scripts/user-create.ts with these arguments; the answer as it came, success or not. */
export function runUserCreate(dataDir: string, args: string[]): SpawnSyncReturns<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, TOOLSCOPE_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  // The script's bundle when the global setup made one (test/programs.ts), as tsx would run it.
  return spawnSync(
    process.execPath,
    ["--conditions=react-server", ...programArgs(path.join(REPO_ROOT, "scripts", "user-create.ts")), ...args],
    {
      cwd: REPO_ROOT,
      env,
      encoding: "utf8",
    },
  );
}

/** Creates a person (`args`: --admin, --role R, --name N) and answers with the one-time password it printed. */
export function createUser(dataDir: string, email: string, args: string[] = []): string {
  const created = runUserCreate(dataDir, [...args, email]);
  expect(created.status, created.stderr).toBe(0);
  return /One-time password \(shown only now\): (\S+)/.exec(created.stdout)?.[1] ?? "";
}
