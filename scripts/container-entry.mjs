// The image's entry (Dockerfile): Toolscope as `npm start` serves it, from the built bundle, with
// its data in TOOLSCOPE_DATA_DIR (/data, the one writable volume). A container listens beyond
// loopback, where local mode (no sign-in) is refused: when no TOOLSCOPE_API_TOKEN is given, one
// is made on first start and kept in the data volume, and said once, so that `docker run` works
// with nothing set and nobody else can use it. Node built-ins only.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const log = (message) => process.stdout.write(`[toolscope] ${message}\n`);
const dataDir = process.env.TOOLSCOPE_DATA_DIR || "/data";

try {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.accessSync(dataDir, fs.constants.W_OK);
} catch (error) {
  log(`The data directory ${dataDir} is not writable by uid ${process.getuid?.()}: ${error.message}`);
  log("Mount a volume there (docker run -v toolscope-data:/data …) owned by that user, or set TOOLSCOPE_DATA_DIR.");
  process.exit(1);
}

if (!process.env.TOOLSCOPE_API_TOKEN) {
  const file = path.join(dataDir, "api-token");
  let token;
  try {
    token = fs.readFileSync(file, "utf8").trim();
    log(`Sign in with the API token kept in ${file} (docker exec <container> cat ${file}), or set TOOLSCOPE_API_TOKEN.`);
  } catch {
    token = crypto.randomBytes(24).toString("base64url");
    fs.writeFileSync(file, `${token}\n`, { mode: 0o600, flag: "wx" });
    log(`No TOOLSCOPE_API_TOKEN was given: one was made and kept in ${file}. Sign in with it: ${token}`);
  }
  process.env.TOOLSCOPE_API_TOKEN = token;
}

// The image holds only the files Next traced (scripts/image-files.mjs), not what reading next.config
// needs: Next's standalone servers take the config the build resolved, from this variable.
const { config } = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "..", ".next", "required-server-files.json"), "utf8"));
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);

await import("../.toolscope/server.mjs");
