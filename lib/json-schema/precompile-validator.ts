import "server-only";
// Compiles a form's JSON Schema into Ajv "standalone" validator code, so the browser can
// validate forms under a Content-Security-Policy without 'unsafe-eval' (Ajv compiling in
// the browser needs `new Function`). The answer is a CommonJS module exporting RJSF's map of
// validate functions; its require() calls name Ajv runtime helpers, which
// components/invoke/form-validator.ts provides.
//
// The schemas come from MCP servers, so they are untrusted, and compiling one is not bounded
// in time: RJSF's schema parser never ends on a recursive $ref and is exponential in $refs
// shared along a path. So compiling runs in a worker thread, one schema at a time, stopped
// after COMPILE_TIMEOUT_MS; sizes are capped, results are cached by the schema's hash, and a
// schema that would break out of the generated code is refused.
import { createHash } from "node:crypto";
import { Worker } from "node:worker_threads";
import type { RJSFSchema } from "@rjsf/utils";
import { AppError } from "@/lib/errors";
import { dialectOf, type Dialect } from "./dialect-of";

export const MAX_SCHEMA_BYTES = 256 * 1024;
/** JSON nesting levels (two per nested object schema): deeper than any form a person fills in. */
export const MAX_SCHEMA_DEPTH = 128;
export const COMPILE_TIMEOUT_MS = 10_000;
const WORKER_IDLE_MS = 60_000;
/** Schemas waiting to compile (or compiling) before more are refused with 429. */
const MAX_WAITING = 8;

type Compiled = { ok: true; code: string } | { ok: false; message: string };
type Job = { schema: RJSFSchema; dialect: Dialect; rootOnly: boolean };

const worker = createCompileWorker();
const cache = createCompiledCache({ entries: 1_000, bytes: 16 * 1024 * 1024 });

/**
 * Validator code for a form's root schema: a CommonJS module exporting one validate function
 * per sub-schema the form may check. A schema that is too large, too deep or slow to compile,
 * or that Ajv rejects, fails with `AppError`, whose message says why.
 */
export async function precompileValidator(schema: RJSFSchema): Promise<string> {
  const refusal = refusalOf(schema);
  if (refusal) throw new AppError("bad_request:body", refusal);
  const text = JSON.stringify(schema);
  if (Buffer.byteLength(text) > MAX_SCHEMA_BYTES) {
    throw new AppError(
      "payload_too_large:body",
      `The schema is larger than ${MAX_SCHEMA_BYTES / 1024} KB; Toolscope does not build forms that large.`,
    );
  }
  const result = await cache.get(createHash("sha256").update(text).digest("base64url"), () => compile(schema));
  if (!result.ok) throw new AppError("bad_request:body", result.message);
  return result.code;
}

function compile(schema: RJSFSchema): Promise<Compiled> {
  // Of a recursive schema only the root is compiled (under the key RJSF looks it up by); the
  // browser's validator treats sub-schemas it has no function for as not matching.
  return worker.run({ schema, dialect: dialectOf(schema), rootOnly: hasRecursiveRef(schema) });
}

/** Why the schema is refused before anything else reads it, or null. */
function refusalOf(schema: RJSFSchema): string | null {
  // Iterative, so a hostile nesting cannot overflow this check's own stack (nor, once it
  // passed, JSON.stringify's).
  const stack: [unknown, number][] = [[schema, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth > MAX_SCHEMA_DEPTH)
      return `The schema nests deeper than ${MAX_SCHEMA_DEPTH} levels; Toolscope does not build forms that deep.`;
    // Ajv writes an `$id` into a comment of the generated code (`/*# sourceURL="…" *\/`), quoted
    // as a string but not escaped for a comment: "*\/" in it would end the comment and run the
    // rest as script in the browser.
    const id = (node as { $id?: unknown }).$id;
    if (typeof id === "string" && id.includes("*/")) return `The schema has an $id containing "*/", which Toolscope refuses.`;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return null;
}

/** Whether following the schema's local $refs ("#/…") can lead back to a schema being followed. */
export function hasRecursiveRef(schema: RJSFSchema): boolean {
  const state = new Map<string, "following" | "done">();
  const follow = (pointer: string): boolean => {
    if (state.get(pointer) === "done") return false;
    if (state.get(pointer) === "following") return true;
    state.set(pointer, "following");
    for (const ref of localRefsUnder(resolvePointer(schema, pointer))) if (follow(ref)) return true;
    state.set(pointer, "done");
    return false;
  };
  return follow("#");
}

function localRefsUnder(node: unknown): string[] {
  const refs: string[] = [];
  const stack = [node];
  while (stack.length) {
    const next = stack.pop();
    if (typeof next !== "object" || next === null) continue;
    const ref = (next as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && (ref === "#" || ref.startsWith("#/"))) refs.push(ref);
    stack.push(...Object.values(next));
  }
  return refs;
}

function resolvePointer(schema: RJSFSchema, pointer: string): unknown {
  let node: unknown = schema;
  for (const token of pointer.slice(2).split("/")) {
    if (!token || typeof node !== "object" || node === null) continue;
    let key: string;
    try {
      key = decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return undefined;
    }
    node = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

// The worker is plain CommonJS run from a string, so Next's bundler leaves it alone; it loads
// the packages from the app's node_modules (process.cwd() is the app's root, as for Next).
// The formats come from the app's ajv-formats, not the copy inside @rjsf/validator-ajv8,
// because the app's copy is the one the browser's require() provides.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const load = require("node:module").createRequire(require("node:path").join(process.cwd(), "package.json"));
const { compileSchemaValidatorsCode } = load("@rjsf/validator-ajv8/compileSchemaValidators");
const AJV = { "2020-12": load("ajv/dist/2020").default, "2019-09": load("ajv/dist/2019").default, "draft-07": undefined };
const addFormats = load("ajv-formats").default;
const { hashForSchema } = load("@rjsf/utils");
parentPort.on("message", ({ schema, dialect, rootOnly }) => {
  try {
    const rootKey = rootOnly && (schema.$id || hashForSchema(schema));
    const code = compileSchemaValidatorsCode(rootOnly ? {} : schema, {
      AjvClass: AJV[dialect],
      // Ajv would log each unknown format, and the server's log is no place for a server's schema.
      ajvOptionsOverrides: { strict: false, logger: false },
      ajvFormatOptions: false,
      extenderFn: (ajv) => (addFormats(ajv), rootKey && ajv.addSchema({ ...schema, $id: rootKey }), ajv),
    });
    parentPort.postMessage({ ok: true, code });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: "The schema does not compile: " + (error && error.message ? error.message : String(error)) });
  }
});
`;

/** One compiling worker, started on demand, running one job at a time and ended when idle. */
function createCompileWorker(): { run(job: Job): Promise<Compiled> } {
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const stop = (): void => {
    void worker?.terminate();
    worker = null;
  };
  const runNow = (job: Job): Promise<Compiled> =>
    new Promise((resolve) => {
      clearTimeout(idle);
      if (!worker) {
        worker = new Worker(WORKER_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 256 } });
        // A job that gave up (its timeout) leaves the worker to be terminated; should it run out
        // of memory meanwhile, that error has no job to go to and must not end the process.
        worker.on("error", () => undefined);
      }
      worker.unref();
      const running = worker;
      const finish = (result: Compiled, healthy: boolean): void => {
        clearTimeout(timer);
        running.off("message", onMessage).off("error", onError);
        if (!healthy) stop();
        idle = setTimeout(stop, WORKER_IDLE_MS).unref();
        resolve(result);
      };
      const onMessage = (result: Compiled): void => finish(result, true);
      const onError = (error: Error & { code?: string }): void => {
        if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
          finish({ ok: false, message: "The schema needs more memory to compile than Toolscope allows; Toolscope gave up." }, false);
          return;
        }
        console.error("[toolscope] the form validator's compiler failed:", error);
        finish({ ok: false, message: "The schema could not be compiled: the compiler failed." }, false);
      };
      const timer = setTimeout(
        () =>
          finish(
            { ok: false, message: `The schema took longer than ${COMPILE_TIMEOUT_MS / 1000} s to compile; Toolscope gave up.` },
            false,
          ),
        COMPILE_TIMEOUT_MS,
      );
      running.on("message", onMessage).on("error", onError);
      running.postMessage(job);
    });
  let waiting = 0;
  return {
    run(job) {
      // One schema at a time, and only a few waiting: a stream of slow schemas from one person
      // must not hold everyone's forms in "preparing".
      if (waiting >= MAX_WAITING) {
        const error = new AppError("too_many_requests:forms", "Toolscope is preparing too many forms at once; try again in a moment.");
        error.headers["retry-after"] = "2";
        return Promise.reject(error);
      }
      waiting++;
      const result = queue.then(() => runNow(job)).finally(() => waiting--);
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

/** Results by schema hash, least recently used first, bounded in number and in the size kept. */
function createCompiledCache(limits: { entries: number; bytes: number }): {
  get(key: string, make: () => Promise<Compiled>): Promise<Compiled>;
} {
  const entries = new Map<string, { result: Promise<Compiled>; bytes: number }>();
  let total = 0;
  const evict = (): void => {
    for (const [key, entry] of entries) {
      if (total <= limits.bytes && entries.size <= limits.entries) return;
      if (entry.bytes === 0) continue; // still compiling
      entries.delete(key);
      total -= entry.bytes;
    }
  };
  return {
    get(key, make) {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.result;
      }
      // Kept while it compiles, so the same schema asked for twice compiles once.
      const entry = { result: make(), bytes: 0 };
      entries.set(key, entry);
      entry.result.then(
        (result) => {
          if (entries.get(key) !== entry) return;
          entry.bytes = result.ok ? result.code.length : result.message.length;
          total += entry.bytes;
          evict();
        },
        () => entries.delete(key),
      );
      return entry.result;
    },
  };
}
