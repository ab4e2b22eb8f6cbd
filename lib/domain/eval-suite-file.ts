// The eval suite file (issue 45): prompts for a model and what it is expected to do with a server's
// tools. What import reads and export writes, documented in docs/evals.md; versioned like the
// collection file, so an older Toolscope refuses a newer file with a clear message. Client-safe, but
// it loads zod: a page that shows expectations imports expectation-words.ts.
import { z } from "zod";
import { CheckSchema } from "@/lib/domain/saved-shapes";
import { VIRTUAL_NAME } from "@/lib/domain/virtual-servers";

export const SUITE_FILE_FORMAT = "toolscope-eval-suite";
export const SUITE_FILE_VERSION = 1;

const NO_NUL = (text: string): boolean => !text.includes("\u0000");
const TEXT = (max: number) => z.string().max(max).refine(NO_NUL, "NUL characters are not allowed");
const NAME = z.string().trim().min(1, "A name is needed").max(120).refine(NO_NUL, "NUL characters are not allowed");
const SERVER = z.string().regex(VIRTUAL_NAME, "a server id");

/**
 * Which tool an expectation means: the name the model calls (`demo__echo`), or a server's own name
 * (`echo`), narrowed to one server with `server`. The second survives a rename of the server.
 */
const TOOL = {
  tool: z.string().trim().min(1).max(256),
  server: SERVER.optional(),
};

/** A pattern the answer must match: RE2 syntax (linear time), with flags i, m, s. */
const PATTERN = z.string().min(1).max(1_000).refine(NO_NUL, "NUL characters are not allowed");

export const ExpectationSchema = z.discriminatedUnion("kind", [
  /** The tool was called, and (when given) once with arguments containing `arguments` or valid against `argumentsSchema`. */
  z
    .object({
      kind: z.literal("called"),
      ...TOOL,
      arguments: z.record(z.string(), z.unknown()).optional(),
      argumentsSchema: z.record(z.string(), z.unknown()).optional(),
    })
    .strict(),
  z.object({ kind: z.literal("not_called"), ...TOOL }).strict(),
  /** At most this many tool calls in the whole answer. */
  z.object({ kind: z.literal("max_calls"), count: z.number().int().min(0).max(1_000) }).strict(),
  z.object({ kind: z.literal("answer_contains"), text: TEXT(10_000).pipe(z.string().min(1)), ignoreCase: z.boolean().optional() }).strict(),
  z
    .object({
      kind: z.literal("answer_matches"),
      pattern: PATTERN,
      flags: z
        .string()
        .regex(/^[ims]{0,3}$/, "flags: any of i, m and s")
        .optional(),
    })
    .strict(),
  /** The tool's last result passes these checks (the saved calls' checks: no_error, equals, contains…). */
  z.object({ kind: z.literal("result"), ...TOOL, checks: z.array(CheckSchema).min(1).max(50) }).strict(),
]);
export type Expectation = z.infer<typeof ExpectationSchema>;

/** Where a case's tools come from: servers (every tool of theirs the runner may call), or one virtual server. */
const TOOLS_FROM = {
  servers: z.array(SERVER).min(1).max(100).optional(),
  virtualServer: z.string().regex(VIRTUAL_NAME, "a virtual server's name").optional(),
};

export const EvalCaseSchema = z
  .object({
    name: NAME,
    prompt: TEXT(50_000).pipe(z.string().trim().min(1, "A prompt is needed")),
    system: TEXT(20_000).optional(),
    ...TOOLS_FROM,
    expect: z.array(ExpectationSchema).min(1, "A case needs at least one expectation").max(50),
  })
  .strict()
  .refine((c) => !(c.servers && c.virtualServer), { message: "Give servers or a virtualServer, not both", path: ["virtualServer"] });
export type EvalCase = z.infer<typeof EvalCaseSchema>;

export const EvalSuiteSchema = z
  .object({
    format: z.literal(SUITE_FILE_FORMAT, { message: `format: "${SUITE_FILE_FORMAT}"` }),
    version: z.number().int().min(1),
    exportedAt: z.string().optional(),
    name: NAME,
    description: TEXT(2_000).default(""),
    /** The defaults of every case: a case's own system prompt or tools win. */
    system: TEXT(20_000).optional(),
    ...TOOLS_FROM,
    temperature: z.number().min(0).max(2).optional(),
    cases: z.array(EvalCaseSchema).min(1, "A suite needs at least one case").max(500),
  })
  .strict()
  .refine((s) => s.version <= SUITE_FILE_VERSION, {
    message: `This file is of a newer version than this Toolscope reads (${SUITE_FILE_VERSION}): update Toolscope`,
    path: ["version"],
  })
  .refine((s) => !(s.servers && s.virtualServer), { message: "Give servers or a virtualServer, not both", path: ["virtualServer"] })
  .superRefine((suite, ctx) => {
    const seen = new Set<string>();
    for (const [index, c] of suite.cases.entries()) {
      if (seen.has(c.name)) ctx.addIssue({ code: "custom", path: ["cases", index, "name"], message: `two cases are named “${c.name}”` });
      seen.add(c.name);
    }
  });
export type EvalSuite = z.infer<typeof EvalSuiteSchema>;
export type EvalSuiteInput = z.input<typeof EvalSuiteSchema>;

/** A case with the suite's defaults applied: what a run actually sends. */
export type ResolvedCase = EvalCase & { temperature?: number | undefined };

export function resolvedCases(suite: EvalSuite): ResolvedCase[] {
  return suite.cases.map((c) => ({
    ...c,
    ...(c.system === undefined && suite.system !== undefined ? { system: suite.system } : {}),
    ...(c.servers || c.virtualServer
      ? {}
      : {
          ...(suite.servers ? { servers: suite.servers } : {}),
          ...(suite.virtualServer ? { virtualServer: suite.virtualServer } : {}),
        }),
    ...(suite.temperature === undefined ? {} : { temperature: suite.temperature }),
  }));
}

/** What starting a run asks: the models, and how many times each case runs on each. */
export const RunRequestSchema = z
  .object({
    models: z
      .array(z.string().min(3).max(200))
      .min(1, "Pick at least one model")
      .max(10)
      .refine((models) => new Set(models).size === models.length, "A model is named twice"),
    repeat: z.number().int().min(1).max(50).default(1),
  })
  .strict();
