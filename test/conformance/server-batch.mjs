// Runs several of the conformance suite's server scenarios, one after another, in one Node 22
// process: `node server-batch.mjs <cli> <url> <wire> <outDir> <scenario>...`. Each is the CLI's
// own `server --url … --scenario … --spec-version …` command, its module evaluated afresh (a
// query string makes it a new module) with process.exit caught, because loading the CLI costs a
// second of CPU and the gateway's scenarios are many and short. After each scenario a line
// `### <scenario> exit <code> <ms>` on stdout closes what it printed there.
import { pathToFileURL } from "node:url";

const [cli, url, wire, outDir, timeoutMs, ...scenarios] = process.argv.slice(2);
const exit = process.exit;
const node = process.argv[0];

for (const [index, scenario] of scenarios.entries()) {
  const started = performance.now();
  const exited = new Promise((resolve) => {
    // The CLI ends each command with process.exit(code): that is the scenario's end, not ours.
    process.exit = (code) => resolve(code ?? 0);
  });
  process.argv = [node, cli, "server", "--url", url, "--scenario", scenario, "--spec-version", wire, "--timeout", timeoutMs, "-o", outDir];
  await import(`${pathToFileURL(cli).href}?scenario=${index}`);
  const code = await exited;
  process.stdout.write(`\n### ${scenario} exit ${code} ${Math.round(performance.now() - started)}\n`);
}
exit(0);
