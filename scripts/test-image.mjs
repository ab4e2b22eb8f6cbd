// `npm run test:image`: the container image, checked as a platform team would (docs/deploy.md). Needs
// root and podman (sudo bash ../shared/containers/make-node-base.sh on these machines) and minutes;
// not part of `npm test`. From a clean clone of this checkout's HEAD it:
//   1. builds the image, and says its size;
//   2. runs it read-only as a user that is not root, with one volume for /data, and times start to ready;
//   3. finds no build tool in it; signs in with the token; adds a server (the demo over HTTP, started
//      inside); calls a tool; stops the container while a call runs (the call is answered: SIGTERM
//      drains), starts it again and finds the calls in the audit log;
//   4. runs two replicas on one PostgreSQL (127.0.0.1:5432, a schema of its own): a call made on one
//      is in the other's audit log;
//   5. plays deploy/kubernetes/toolscope.yaml with `podman kube play`: the same, between its two pods.
// `--reuse` skips the build when the image is there (while changing this script).
// Everything it starts it removes, and it prints each step's figures.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const IMAGE = process.env.TOOLSCOPE_TEST_IMAGE ?? "localhost/toolscope:test";
const POSTGRES = process.env.TOOLSCOPE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const run = `t${crypto.randomBytes(3).toString("hex")}`;
const TOKEN = crypto.randomBytes(24).toString("base64url");
const started = performance.now();
const cleanups = [];

const say = (message) => process.stdout.write(`\x1b[36m[test:image]\x1b[0m ${message}\n`);
function podman(args, { quiet = false, allowFail = false } = {}) {
  const result = spawnSync("podman", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0 && !allowFail) throw new Error(`podman ${args.join(" ")} failed:\n${result.stderr || result.stdout}`);
  if (!quiet && result.stderr.trim() && result.status !== 0) process.stderr.write(result.stderr);
  return result.stdout.trim();
}
function check(condition, message) {
  if (!condition) throw new Error(message);
  say(`✔ ${message}`);
}

/** Polls until the answer is ready (200), or the container has stopped; returns the ms waited. */
async function ready(base, container, timeoutMs = 120_000) {
  const from = performance.now();
  while (performance.now() - from < timeoutMs) {
    try {
      if ((await fetch(`${base}/api/ready`)).status === 200) return performance.now() - from;
    } catch {
      // Not listening yet.
    }
    if (podman(["inspect", "--format", "{{.State.Running}}", container], { allowFail: true }) !== "true")
      throw new Error(`${container} stopped:\n${podman(["logs", container], { allowFail: true })}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${container} was not ready within ${timeoutMs / 1000} s:\n${podman(["logs", container], { allowFail: true })}`);
}

async function api(base, method, route, body) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: HTTP ${response.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

/** A call to a tool through the API; answers its audit id. */
async function call(base, server, tool, args) {
  const answer = await api(base, "POST", `/api/servers/${server}/tools/${tool}/call`, { arguments: args });
  if (answer.status !== "ok") throw new Error(`${server}/${tool}: ${JSON.stringify(answer).slice(0, 400)}`);
  return answer.auditId;
}

async function audited(base, auditId) {
  const { records } = await api(base, "GET", `/api/audit?limit=50`);
  return records.some((record) => record.id === auditId);
}

function freePort() {
  return 20000 + crypto.randomInt(20000);
}

async function main() {
  if (process.getuid?.() !== 0) throw new Error("Run as root (podman here needs it): sudo npm run test:image");
  if (spawnSync("podman", ["image", "exists", "docker.io/library/node:22-bookworm-slim"]).status !== 0)
    throw new Error("No node:22-bookworm-slim here: run sudo bash ../shared/containers/make-node-base.sh first (once per machine).");

  // 1. The image, from a clean clone of HEAD (--reuse: the one built last time, while changing this script).
  if (process.argv.includes("--reuse") && spawnSync("podman", ["image", "exists", IMAGE]).status === 0) {
    say(`reusing ${IMAGE}`);
    return runImage(Number(podman(["image", "inspect", "--format", "{{.Size}}", IMAGE])));
  }
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-image-"));
  cleanups.push(() => fs.rmSync(clone, { recursive: true, force: true }));
  execFileSync("git", ["clone", "--quiet", "--depth", "1", `file://${root}`, clone]);
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  const building = performance.now();
  const build = spawnSync(
    "podman",
    ["build", "--pull=never", "--format", "docker", ...(ca ? ["--secret", `id=npm-ca,src=${ca}`] : []), "-t", IMAGE, clone],
    { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" },
  );
  if (build.status !== 0) throw new Error(`The image did not build:\n${(build.stdout + build.stderr).slice(-4000)}`);
  const size = Number(podman(["image", "inspect", "--format", "{{.Size}}", IMAGE]));
  say(`built ${IMAGE} in ${((performance.now() - building) / 1000).toFixed(0)} s: ${(size / 1e6).toFixed(0)} MB (target ≤ 300 MB)`);
  return runImage(size);
}

async function runImage(size) {
  // 2. Read-only, not root, one volume.
  const volume = `toolscope-${run}`;
  const container = `toolscope-${run}`;
  const port = freePort();
  const demoPort = 3900;
  podman(["volume", "create", volume]);
  cleanups.push(() => podman(["volume", "rm", "-f", volume], { allowFail: true }));
  cleanups.push(() => podman(["rm", "-f", "-v", "-t", "2", container], { allowFail: true }));
  const startContainer = () =>
    podman([
      "run",
      "-d",
      "--name",
      container,
      "--read-only",
      "-v",
      `${volume}:/data`,
      "-p",
      `127.0.0.1:${port}:3000`,
      "-e",
      `TOOLSCOPE_API_TOKEN=${TOKEN}`,
      "-e",
      "TOOLSCOPE_OUTBOUND_ALLOW=127.0.0.1",
      IMAGE,
    ]);
  const base = `http://127.0.0.1:${port}`;
  startContainer();
  const readyMs = await ready(base, container);
  say(`ready ${readyMs.toFixed(0)} ms after the container started (target ≤ 5 s)`);
  check(podman(["exec", container, "id", "-u"]) !== "0", `it runs as uid ${podman(["exec", container, "id", "-u"])}, not root`);
  const tools = podman(["exec", container, "sh", "-c", "for t in g++ gcc make python3 git; do command -v $t; done; true"]);
  check(tools === "", "no build tool (g++, gcc, make, python3, git) is in the image");
  const wrote = spawnSync("podman", ["exec", container, "touch", "/app/written"], { encoding: "utf8" });
  check(wrote.status !== 0, "the root filesystem is read-only");

  // 3. A server added, a call, a restart, the call still in the audit log.
  podman(["exec", "-d", container, "node", ".toolscope/demo-server.mjs", "http", "--port", String(demoPort)]);
  let added = null;
  for (let attempt = 0; attempt < 50 && !added; attempt++) {
    try {
      added = await api(base, "POST", "/api/servers", { id: "demo-http", url: `http://127.0.0.1:${demoPort}/mcp`, type: "http" });
    } catch (error) {
      if (attempt === 49) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  say("added the server demo-http (the demo over HTTP, inside the container)");
  let auditId = null;
  for (let attempt = 0; attempt < 50 && !auditId; attempt++) {
    try {
      auditId = await call(base, "demo-http", "get_weather", { city: "Porto" });
    } catch (error) {
      if (attempt === 49) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  check(await audited(base, auditId), `the call is in the audit log (${auditId})`);
  const builtIn = await call(base, "demo", "get_weather", { city: "Oslo" });
  check(Boolean(builtIn), "the demo server inside (stdio) answers");
  // A stop while a call runs: SIGTERM drains (the call finishes and is answered), then the process exits.
  const slow = call(base, "demo", "slow_task", { steps: 8, stepMs: 250 });
  // Stopped once the call is under way: its audit record is written when it starts.
  while ((await api(base, "GET", "/api/audit?tool=slow_task&limit=1")).records.length === 0)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const stopping = new Promise((resolve, reject) =>
    execFile("podman", ["stop", "-t", "30", container], (error) => (error ? reject(error) : resolve())),
  );
  const drained = await slow;
  await stopping;
  check(Boolean(drained), "a call running when the container is stopped finishes and is answered (SIGTERM drains)");
  podman(["start", container]);
  const again = await ready(base, container);
  check(
    (await audited(base, auditId)) && (await audited(base, drained)),
    `after a restart (ready in ${again.toFixed(0)} ms), the calls are still in the audit log`,
  );
  podman(["rm", "-f", "-v", "-t", "2", container]);

  // 4. Two replicas on one PostgreSQL.
  const schema = `toolscope_image_${run}`;
  const psql = (sql) => execFileSync("psql", [POSTGRES, "-v", "ON_ERROR_STOP=1", "-qc", `set client_min_messages = warning; ${sql}`]);
  psql(`create schema ${schema}`);
  cleanups.push(() => psql(`drop schema if exists ${schema} cascade`));
  const database = `${POSTGRES}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const secret = crypto.randomBytes(32).toString("hex");
  const replicas = [freePort(), freePort()].map((replicaPort, index) => {
    const name = `toolscope-${run}-${index + 1}`;
    cleanups.push(() => podman(["rm", "-f", "-v", "-t", "2", name], { allowFail: true }));
    podman([
      "run",
      "-d",
      "--name",
      name,
      "--read-only",
      "--network",
      "host",

      "-e",
      `TOOLSCOPE_PORT=${replicaPort}`,
      "-e",
      `TOOLSCOPE_SANDBOX_PORT=${replicaPort + 1}`,
      "-e",
      `DATABASE_URL=${database}`,
      "-e",
      `TOOLSCOPE_SECRET_KEY=${secret}`,
      "-e",
      `TOOLSCOPE_API_TOKEN=${TOKEN}`,
      IMAGE,
    ]);
    return { name, base: `http://127.0.0.1:${replicaPort}` };
  });
  for (const replica of replicas) await ready(replica.base, replica.name);
  const onFirst = await call(replicas[0].base, "demo", "get_weather", { city: "Lisbon" });
  check(await audited(replicas[1].base, onFirst), "two replicas on one PostgreSQL: a call made on one is in the other's audit log");
  for (const replica of replicas) podman(["rm", "-f", "-v", "-t", "2", replica.name]);

  // 5. The Kubernetes manifests, played by podman: two pods on one PostgreSQL.
  await kubePlay(database, secret);
  say(
    `passed in ${((performance.now() - started) / 1000).toFixed(0)} s · image ${(size / 1e6).toFixed(0)} MB · start to ready ${readyMs.toFixed(0)} ms`,
  );
}

/**
 * deploy/kubernetes/toolscope.yaml as written, but for what podman (4.3) plays differently from a
 * cluster: the image is the one built here; a containerPort is published on the host (two replicas
 * would take the same port), so the ports go and the probes name the port by number; the pods reach
 * PostgreSQL, which listens on loopback, through a relay on the pods' network gateway. The Secret is
 * made as podman stores one (JSON, base64 values), which `kubectl create secret` makes on a cluster.
 */
async function kubePlay(database, secretKey) {
  const gateway = podman(["network", "inspect", "podman", "--format", "{{range .Subnets}}{{.Gateway}}{{end}}"]);
  const relay = net.createServer((client) => {
    const upstream = net.connect(5432, "127.0.0.1");
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise((resolve) => relay.listen(0, gateway, resolve));
  cleanups.push(() => relay.close());
  const relayed = database.replace("127.0.0.1:5432", `${gateway}:${relay.address().port}`);
  const manifest = fs
    .readFileSync(path.join(root, "deploy", "kubernetes", "toolscope.yaml"), "utf8")
    .replace("image: localhost/toolscope:latest", `image: ${IMAGE}`)
    .replace(/\n\s+ports:\n\s+- \{ name: http, containerPort: 3000 \}/, "")
    .replaceAll("port: http }", "port: 3000 }");
  const file = path.join(os.tmpdir(), `toolscope-kube-${run}.yaml`);
  fs.writeFileSync(file, manifest);
  const secretFile = path.join(os.tmpdir(), `toolscope-secret-${run}.json`);
  const values = { DATABASE_URL: relayed, TOOLSCOPE_SECRET_KEY: secretKey, TOOLSCOPE_API_TOKEN: TOKEN };
  fs.writeFileSync(
    secretFile,
    JSON.stringify(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Buffer.from(v).toString("base64")]))),
  );
  cleanups.push(() => fs.rmSync(file, { force: true }));
  cleanups.push(() => fs.rmSync(secretFile, { force: true }));
  podman(["secret", "create", "toolscope", secretFile]);
  cleanups.push(() => podman(["secret", "rm", "toolscope"], { allowFail: true }));
  cleanups.push(() => podman(["kube", "down", file], { allowFail: true }));
  podman(["kube", "play", file]);
  const pods = ["toolscope-pod-0-toolscope", "toolscope-pod-1-toolscope"];
  /** A request from inside a pod, to its own Toolscope on loopback. */
  const inPod = (pod, method, route, body) => {
    const init = {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      ...(body ? { body: JSON.stringify(body) } : {}),
    };
    const script = `fetch("http://127.0.0.1:3000${route}", ${JSON.stringify(init)}).then(async (r) => { process.stdout.write(await r.text()); process.exit(r.ok ? 0 : 1); }, (e) => { console.error(e.message); process.exit(1); })`;
    // Not spawnSync: the relay to PostgreSQL runs in this process, and must go on meanwhile.
    return new Promise((resolve) =>
      execFile("podman", ["exec", pod, "node", "-e", script], (error, stdout, stderr) =>
        resolve({ status: error ? 1 : 0, stdout, stderr }),
      ),
    );
  };
  for (const pod of pods) {
    const from = performance.now();
    while ((await inPod(pod, "GET", "/api/ready")).status !== 0) {
      if (performance.now() - from > 120_000) throw new Error(`${pod} was not ready:\n${podman(["logs", pod], { allowFail: true })}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const answered = await inPod(pods[0], "POST", "/api/servers/demo/tools/get_weather/call", { arguments: { city: "Kraków" } });
  if (answered.status !== 0) throw new Error(`The call on ${pods[0]} failed: ${answered.stdout}${answered.stderr}`);
  const { auditId } = JSON.parse(answered.stdout);
  const listed = await inPod(pods[1], "GET", "/api/audit?limit=50");
  check(
    listed.status === 0 && JSON.parse(listed.stdout).records.some((record) => record.id === auditId),
    "podman kube play of deploy/kubernetes: two pods on one PostgreSQL; a call on one is in the other's audit log",
  );
}

let code = 0;
try {
  await main();
} catch (error) {
  process.stderr.write(`\x1b[31m[test:image] ✖ ${error instanceof Error ? error.message : String(error)}\x1b[0m\n`);
  code = 1;
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup();
    } catch {
      // Best effort: the next cleanup still runs.
    }
  }
}
process.exit(code);
