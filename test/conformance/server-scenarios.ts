// The conformance suite's server scenarios (0.2.0-alpha.12, `conformance list --server`) and
// what each is to Toolscope's agent endpoints: played, on which wire, against which endpoint,
// with the checks that fail or warn (exactly those), or ruled out, with why.
// gateway-conformance.test.ts asserts exactly this, so a regression fails it and so does a fix
// (take the failure off the list).
// The results, explained: docs/conformance.md, "Toolscope as a server: /mcp and virtual servers".
import type { Wire } from "./server-run";

/**
 * direct: against /mcp, where every tool is `{server}__{tool}`. virtual: against the virtual
 * server /mcp/{VIRTUAL_SERVER}, a real Toolscope endpoint that an admin composed from every tool
 * of the fixture, each under its own bare name (`as`), as the scenarios call them.
 */
export type Route = "direct" | "virtual";

export type Play = {
  scenario: string;
  wire: Wire;
  route: Route;
  /** The checks that end FAILURE or WARNING, exactly; none: the play passes. */
  failing: readonly string[];
  /** Why they fail, or what a pass is worth when it is hollow. */
  why?: string;
};

/** The server id the fixture is registered under: its tools are `cf__<tool>` at /mcp. */
export const SERVER_ID = "cf";
/** The virtual server with the fixture's tools under their bare names: /mcp/conformance. */
export const VIRTUAL_SERVER = "conformance";

const OLD: Wire = "2025-11-25";
const NEW: Wire = "2026-07-28";

const BARE_NAME =
  "It calls its tool by the bare name the suite's reference server uses (test_…); /mcp names every tool {server}__{tool} (cf__test_…), so it answers -32602 Unknown tool. No server id can make a name without the __.";
type Expected = Omit<Play, "scenario" | "wire" | "route">;
const PASS: Expected = { failing: [] };

/** A scenario on each of its wires, against /mcp and against the virtual server. */
function both(scenario: string, wires: Wire[], direct: Expected = PASS, virtual: Expected = direct): Play[] {
  return wires.flatMap((wire) => [
    { scenario, wire, route: "direct" as const, ...direct },
    { scenario, wire, route: "virtual" as const, ...virtual },
  ]);
}

/** A scenario that calls its tool by a bare name: unknown at /mcp, known at the virtual server. */
const bareNamed = (scenario: string, wires: Wire[], direct: string[], virtual: Expected = PASS): Play[] =>
  both(scenario, wires, { failing: direct, why: BARE_NAME }, virtual);

export const PLAYS: readonly Play[] = [
  // The lifecycle and transport every exchange of tools rides on.
  ...both("server-initialize", [OLD]),
  ...both("server-session-lifecycle", [OLD]),
  ...both(
    "server-stateless",
    [NEW],
    {
      failing: [
        "sep-2575-http-server-no-independent-requests-on-stream",
        "sep-2575-missing-capability-http-400",
        "sep-2575-server-no-log-without-loglevel",
        "sep-2575-server-rejects-undeclared-capability",
        "sep-2575-server-sends-prompts-list-changed-on-subscription",
        "sep-2575-server-sends-tools-list-changed-on-subscription",
      ],
      why: "Six checks call diagnostic tools by bare name (test_missing_capability, test_streaming_elicitation, test_logging_tool, and the triggers that change the tool and prompt lists; /mcp declares prompts' list_changed since it serves them) and so test nothing; the other 23 pass (envelope, discover, versions, header mismatch, 404s for removed methods, subscriptions/listen).",
    },
    {
      failing: ["sep-2575-server-sends-prompts-list-changed-on-subscription"],
      why: "Passes with the diagnostic tools reachable but one: a 2026 target is told the agent's capabilities, so it refuses test_missing_capability with -32021 (relayed, HTTP 400); tools' list_changed reaches a listen stream; no request or log message leaks onto a call's stream. The fixture has no prompts, so the scenario's change to them changes nothing and nothing is announced (the endpoint declares prompts' list_changed, which lib/gateway/gateway-features.test.ts shows reaching a 2026 agent).",
    },
  ),
  ...both("dns-rebinding-protection", [OLD, NEW]),
  ...both("http-header-validation", [NEW]),
  ...both("http-custom-header-server-validation", [NEW]),
  ...both("server-sse-multiple-streams", [OLD, NEW]),
  ...both(
    "server-sse-polling",
    [OLD],
    {
      failing: ["server-sse-disconnect-resume"],
      why: "A warning: its test_reconnection is unknown by bare name, so the stream carries a JSON-RPC error, not the tool's result it waits for after resuming. The stream is primed, with a retry field, as at the virtual server, where it passes.",
    },
    PASS,
  ),
  // Tools: listing, results, errors, progress, schemas.
  ...both("tools-list", [OLD, NEW]),
  ...bareNamed("tools-call-simple-text", [OLD, NEW], ["tools-call-simple-text"]),
  ...bareNamed("tools-call-image", [OLD, NEW], ["tools-call-image"]),
  ...bareNamed("tools-call-audio", [OLD, NEW], ["tools-call-audio"]),
  ...bareNamed("tools-call-embedded-resource", [OLD, NEW], ["tools-call-embedded-resource"]),
  ...bareNamed("tools-call-mixed-content", [OLD, NEW], ["tools-call-mixed-content"]),
  ...bareNamed("tools-call-error", [OLD, NEW], ["tools-call-error"]),
  ...bareNamed("tools-call-with-progress", [OLD, NEW], ["tools-call-with-progress"]),
  ...bareNamed("json-schema-2020-12", [OLD, NEW], ["json-schema-2020-12-tool-found"]),
  ...bareNamed("tools-call-with-logging", [OLD], ["tools-call-with-logging"]),
  ...bareNamed("tools-call-sampling", [OLD], ["tools-call-sampling"]),
  ...bareNamed("tools-call-elicitation", [OLD], ["tools-call-elicitation"]),
  ...bareNamed("elicitation-sep1034-defaults", [OLD], ["elicitation-sep1034-general"]),
  ...bareNamed("elicitation-sep1330-enums", [OLD], ["elicitation-sep1330-general"]),
  // Every endpoint serves resources and prompts (lib/gateway/agent-features.ts): a virtual server those of
  // the servers it names, here none, so its lists are empty and carry the hints all the same.
  ...both("caching", [NEW]),

  // Multi-round-trip input (SEP-2322) on tools/call: 2026-07-28 only. The target's input_required
  // reaches the agent as the gateway's own, with its own signed requestState (lib/gateway/input-rounds.ts).
  ...bareNamed("input-required-result-basic-elicitation", [NEW], ["sep-2322-elicitation-incomplete"]),
  ...bareNamed("input-required-result-basic-sampling", [NEW], ["sep-2322-sampling-incomplete"]),
  ...bareNamed("input-required-result-basic-list-roots", [NEW], ["sep-2322-list-roots-incomplete"]),
  ...bareNamed("input-required-result-request-state", [NEW], ["sep-2322-request-state-incomplete"]),
  ...bareNamed("input-required-result-multiple-input-requests", [NEW], ["sep-2322-multiple-inputs-incomplete"]),
  ...bareNamed("input-required-result-multi-round", [NEW], ["sep-2322-multi-round-r1"]),
  ...bareNamed("input-required-result-result-type", [NEW], ["sep-2322-result-type-included"]),
  ...bareNamed("input-required-result-missing-input-response", [NEW], ["sep-2322-missing-response-rerequests"]),
  ...bareNamed("input-required-result-ignore-extra-params", [NEW], ["sep-2322-ignore-unexpected-params"]),
  ...bareNamed("input-required-result-tampered-state", [NEW], ["sep-2322-reject-tampered-state"]),
  ...bareNamed("input-required-result-capability-check", [NEW], ["sep-2322-respect-client-capabilities"]),
  ...both(
    "input-required-result-validate-input",
    [NEW],
    { failing: [], why: "Passes, hollowly: it sends malformed inputResponses to its tool and wants an error, which Unknown tool is." },
    { failing: [], why: "Malformed inputResponses (a number, null) are not answers: the target asks again rather than completing." },
  ),
  ...both("input-required-result-unsupported-methods", [NEW], { failing: [], why: "Passes: tools/list never answers input_required." }),
];

const RESOURCES = "Resources: /mcp serves tools only (it declares no resources capability).";
const PROMPTS = "Prompts: /mcp serves tools only (it declares no prompts capability).";
const TASKS =
  "The tasks extension (SEP-2663, 2026-07-28): /mcp offers it and relays a target's tasks (lib/gateway/gateway-tasks-2026.test.ts), but these scenarios call task tools of their own that the fixture behind /mcp (test/fixtures/conformance-tools.ts) does not have yet.";
const SKILLS = "The skills extension (SEP-2640, served as resources): /mcp serves tools only.";

/** The scenarios that are not about tools, or about something /mcp deliberately does not serve. */
export const NOT_APPLICABLE: Readonly<Record<string, string>> = {
  ping: "A utility, not about tools.",
  "logging-set-level": "Logging, not about tools (tools-call-with-logging is, and is played).",
  "completion-complete": "Completion of prompt and resource-template arguments: /mcp serves neither.",
  "resources-list": RESOURCES,
  "resources-read-text": RESOURCES,
  "resources-read-binary": RESOURCES,
  "resources-templates-read": RESOURCES,
  "resources-subscribe": RESOURCES,
  "resources-unsubscribe": RESOURCES,
  "sep-2164-resource-not-found": RESOURCES,
  "prompts-list": PROMPTS,
  "prompts-get-simple": PROMPTS,
  "prompts-get-with-args": PROMPTS,
  "prompts-get-embedded-resource": PROMPTS,
  "prompts-get-with-image": PROMPTS,
  "input-required-result-non-tool-request": "Multi-round-trip input on prompts/get and resources/read, which /mcp does not serve.",
  "sep-2640-skills-directory": SKILLS,
  "sep-2640-skills-enumeration": SKILLS,
  "sep-2640-skills-manifest": SKILLS,
  "tasks-lifecycle": TASKS,
  "tasks-capability-negotiation": TASKS,
  "tasks-wire-fields": TASKS,
  "tasks-request-state-removal": TASKS,
  "tasks-mrtr-input": TASKS,
  "tasks-request-headers": TASKS,
  "tasks-dispatch-and-envelope": TASKS,
  "tasks-status-notifications": TASKS,
  "tasks-required-task-error": TASKS,
  "tasks-mrtr-composition": TASKS,
};
