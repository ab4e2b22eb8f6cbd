#!/usr/bin/env node
// Runs a Toolscope collection from a shell or CI and exits with its verdict: 0 when every call
// passed, 1 when one failed (or the collection has no calls), 2 when the run could not be made.
//
//   node scripts/run-collection.mjs <collection-id> [--url http://127.0.0.1:3000] [--secrets file.json] [--reason text]
//
// TOOLSCOPE_URL and TOOLSCOPE_TOKEN (a personal token with the `call` scope, or the bootstrap
// token) are read from the environment. --secrets names a JSON file of the secret fields'
// values: { "<saved call id>": { "/password": "…" } }. The full report is written to stdout
// as JSON with --json; otherwise one line per call.
import fs from "node:fs";
import { parseArgs } from "node:util";

function fail(message) {
  console.error(`run-collection: ${message}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: "string", default: process.env.TOOLSCOPE_URL ?? "http://127.0.0.1:3000" },
      secrets: { type: "string" },
      reason: { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
} catch (error) {
  fail(error.message);
}
const { values, positionals } = parsed;
const [collectionId] = positionals;
if (!collectionId) fail("usage: node scripts/run-collection.mjs <collection-id> [--url URL] [--secrets FILE] [--reason TEXT] [--json]");

let secrets = {};
if (values.secrets) {
  try {
    secrets = JSON.parse(fs.readFileSync(values.secrets, "utf8"));
  } catch (error) {
    fail(`cannot read the secrets file ${values.secrets}: ${error.message}`);
  }
}

const headers = { "content-type": "application/json" };
if (process.env.TOOLSCOPE_TOKEN) headers.authorization = `Bearer ${process.env.TOOLSCOPE_TOKEN}`;
let response;
try {
  response = await fetch(`${values.url.replace(/\/+$/, "")}/api/collections/${encodeURIComponent(collectionId)}/run`, {
    method: "POST",
    headers,
    body: JSON.stringify({ secrets, ...(values.reason ? { reason: values.reason } : {}) }),
  });
} catch (error) {
  fail(`Toolscope at ${values.url} did not answer: ${error.cause?.message ?? error.message}`);
}
const body = await response.json().catch(() => null);
if (!response.ok) fail(body?.error?.message ?? `HTTP ${response.status}`);

if (values.json) console.log(JSON.stringify(body, null, 2));
else {
  for (const call of body.calls) {
    const failedChecks = call.checks.filter((c) => !c.passed).map((c) => c.message);
    const detail = call.error ?? failedChecks.join("; ");
    console.log(
      `${call.passed ? "PASS" : "FAIL"}  ${call.name}  (${call.toolName} on ${call.serverId}, ${call.outcome}${call.durationMs === null ? "" : `, ${call.durationMs} ms`})${call.passed || !detail ? "" : `: ${detail}`}`,
    );
  }
  console.log(`${body.collection.name}: ${body.totals.passed} passed, ${body.totals.failed} failed, ${body.totals.calls} calls`);
}
process.exit(body.totals.failed === 0 && body.totals.calls > 0 ? 0 : 1);
