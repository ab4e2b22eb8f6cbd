// What the driver does once connected, for every scenario: what a person exploring the server in
// Toolscope would do. Call each tool (with the arguments the scenario's context names, else ones
// built from the tool's input schema), answer what the server asks meanwhile through Toolscope's
// user-input code (elicitation, sampling), read each resource, get each prompt and list the
// skills (loading none: a person chooses which). A scenario with something specific to verify
// adds it in EXPECTATIONS; none is refused for being unknown.
import { listPromptCatalog, listResourceCatalog, sendPromptGet, sendResourceRead } from "@/lib/mcp/server-features";
import { listSkills, loadSkill, readSkillFile, skillFiles, SkillVerificationError } from "@/lib/mcp/skills";
import { answerUserInput, withInteractor, type UserAnswer, type UserInputRequest } from "@/lib/mcp/user-input";
import type { ToolCatalog } from "@/lib/domain/mcp-types";
import type { ScenarioContext } from "./environment";
import { argumentsFor, valueFor } from "./schema-args";
import { DriverFailure, log, type CallAnswer, type Session } from "./session";

/** Enough to reach every item a scenario server offers, without walking a huge list. */
const MAX_ITEMS = 20;

type Played = { calls: Map<string, CallAnswer>; asked: UserInputRequest[]; refusedSkills: string[] };
type Expectation = {
  /** Load each listed skill, as a person choosing it would (listing alone must read no skill file). */
  loadSkills?: boolean;
  /** Arguments for some tools, chosen with the listed catalog at hand. */
  args?: (catalog: ToolCatalog) => Record<string, Record<string, unknown>>;
  check?: (record: Played) => void;
};

/** The server serves a SKILL.md that does not match its entry: Toolscope must refuse to load it. */
const TAMPERED_SKILL: Expectation = {
  loadSkills: true,
  check: ({ refusedSkills }) => {
    if (refusedSkills.length === 0) throw new DriverFailure("a skill that fails verification was loaded");
  },
};

const EXPECTATIONS: Record<string, Expectation> = {
  tools_call: {
    args: () => ({ add_numbers: { a: 5, b: 3 } }),
    check: ({ calls }) => {
      const sum = calls.get("add_numbers");
      if (!sum || !/\b8\b/.test(sum.text)) throw new DriverFailure(`add_numbers(5, 3) did not answer 8: ${sum?.text ?? "not called"}`);
    },
  },
  "elicitation-sep1034-client-defaults": {
    check: ({ asked }) => {
      if (!asked.some((r) => r.kind === "elicitation"))
        throw new DriverFailure("the server's elicitation request never reached the interactor");
    },
  },
  "sep-2640-client-verify-digest": TAMPERED_SKILL,
  "sep-2640-client-verify-size": TAMPERED_SKILL,
  "sep-2640-client-verify-frontmatter": TAMPERED_SKILL,
  // The scenario asks for the focal tool's inputSchema back, as Toolscope holds it: whatever the
  // catalog lost on the way in (a keyword stripped by parsing) shows in the echo.
  "json-schema-2020-12-preservation": {
    args: (catalog) => ({
      json_schema_echo: { schema: catalog.tools.find((t) => t.name === "json_schema_2020_12_tool")?.inputSchema ?? {} },
    }),
  },
};

/**
 * What a person would send for a form that shows the schema's defaults and is submitted with
 * only the required fields filled (SEP-1034). The driver stands in for Toolscope's browser form.
 */
function formAnswer(params: unknown): Record<string, unknown> {
  const schema = (params as { requestedSchema?: { properties?: Record<string, unknown>; required?: unknown } } | undefined)
    ?.requestedSchema;
  const content: Record<string, unknown> = argumentsFor(schema);
  for (const [key, property] of Object.entries(schema?.properties ?? {})) {
    if (property && typeof property === "object" && "default" in property) content[key] = valueFor(property, {});
  }
  return content;
}

function answerFor(request: UserInputRequest): UserAnswer {
  if (request.kind === "sampling") return { action: "accept", text: "This is a test answer from the Toolscope conformance driver." };
  // A URL-mode elicitation asks the user to visit a page; there is no form to fill.
  if ((request.params as { mode?: string } | undefined)?.mode === "url") return { action: "decline" };
  return { action: "accept", content: formAnswer(request.params) };
}

async function playTools(session: Session, context: ScenarioContext, expectation: Expectation, record: Played): Promise<void> {
  const catalog = session.connection.catalog();
  const chosen = expectation.args?.(catalog) ?? {};
  for (const invalid of catalog.invalid) log(`tool set aside: ${JSON.stringify(invalid)}`);
  const planned =
    context.toolCalls && context.toolCalls.length > 0
      ? context.toolCalls.map((c) => ({ name: c.name, args: c.arguments ?? {} }))
      : catalog.tools.map((tool) => ({ name: tool.name, args: chosen[tool.name] ?? argumentsFor(tool.inputSchema) }));
  for (const { name, args } of planned.slice(0, MAX_ITEMS)) {
    if (!session.connection.findTool(name)) {
      log(`not calling ${name}: not in the catalog`);
      continue;
    }
    record.calls.set(name, await session.call(name, args));
  }
}

async function playResources(session: Session): Promise<void> {
  const connection = session.connection;
  const catalog = await listResourceCatalog(connection);
  if (!catalog.supported) return;
  log(`${catalog.resources.length} resources, ${catalog.templates.length} templates`);
  const client = await connection.ready();
  for (const resource of catalog.resources.slice(0, MAX_ITEMS)) {
    const read = await sendResourceRead(client, connection, resource.uri, AbortSignal.timeout(connection.callTimeoutMs));
    log(`read ${resource.uri}: ${read.contents.length} contents`);
  }
}

async function playPrompts(session: Session): Promise<void> {
  const connection = session.connection;
  const catalog = await listPromptCatalog(connection);
  if (!catalog.supported) return;
  const client = await connection.ready();
  for (const prompt of catalog.prompts.slice(0, MAX_ITEMS)) {
    const args = Object.fromEntries((prompt.arguments ?? []).filter((a) => a.required).map((a) => [a.name, "test"]));
    const got = await sendPromptGet(client, connection, prompt.name, args, AbortSignal.timeout(connection.callTimeoutMs));
    log(`prompt ${prompt.name}: ${got.messages.length} messages`);
  }
}

async function playSkills(session: Session, expectation: Expectation, record: Played): Promise<void> {
  const connection = session.connection;
  const { supported, skills } = await listSkills(connection);
  if (!supported) return;
  log(`${skills.length} skills: ${skills.map((s) => s.uri).join(", ")}`);
  if (!expectation.loadSkills) return;
  for (const entry of skills.slice(0, MAX_ITEMS)) {
    const signal = AbortSignal.timeout(connection.callTimeoutMs);
    try {
      const { body } = await loadSkill(connection, entry, signal);
      log(`loaded ${entry.uri} (${body.length} characters)`);
      for (const file of skillFiles(entry)
        .filter((f) => f.uri !== entry.uri)
        .slice(0, MAX_ITEMS))
        log(`read ${file.uri}: ${(await readSkillFile(connection, entry, file.uri, signal)).byteLength} bytes`);
    } catch (error) {
      if (!(error instanceof SkillVerificationError)) throw error;
      record.refusedSkills.push(entry.uri);
      log(`refused ${entry.uri}: ${error.message}`);
    }
  }
}

export async function play(scenario: string, session: Session, context: ScenarioContext): Promise<void> {
  const expectation = EXPECTATIONS[scenario] ?? {};
  const record: Played = { calls: new Map(), asked: [], refusedSkills: [] };
  const interactor = (request: UserInputRequest): void => {
    record.asked.push(request);
    const answer = answerFor(request);
    log(`${request.kind} request answered: ${JSON.stringify(answer)}`);
    // Answered on a later tick, as a browser would, so the request is registered as pending first.
    setImmediate(() => {
      if (!answerUserInput(request.serverId, request.id, answer)) log(`the answer to ${request.id} found no pending request`);
    });
  };
  await withInteractor(session.serverId, interactor, async () => {
    await playTools(session, context, expectation, record);
    await playResources(session);
    await playPrompts(session);
    await playSkills(session, expectation, record);
  });
  expectation.check?.(record);
}
