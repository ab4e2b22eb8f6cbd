// Every way a tool call can end, named once. The audit store, the API, the result view, the
// audit page and its filters all derive from this table, so a new outcome is added here and
// nowhere else. No server-only imports: client components read it too.
//
// `kind` keeps MCP's three failure kinds apart (the tool failed; the server refused or broke
// the protocol; the call never completed) and says where Toolscope's own states fit.

export type OutcomeKind = "success" | "tool" | "protocol" | "incomplete" | "unknown";

type OutcomeInfo = {
  label: string;
  kind: OutcomeKind;
  explain: string;
  /** Text colour, for a badge in a table row. */
  text: string;
  /** Text, background and border, for the result panel's status chip. */
  chip: string;
};

const GREEN = {
  text: "text-emerald-700 dark:text-emerald-400",
  chip: "text-emerald-700 bg-emerald-50 border-emerald-200 dark:text-emerald-300 dark:bg-emerald-950/40 dark:border-emerald-900",
};
const AMBER = {
  text: "text-amber-700 dark:text-amber-400",
  chip: "text-amber-800 bg-amber-50 border-amber-200 dark:text-amber-300 dark:bg-amber-950/40 dark:border-amber-900",
};
const ROSE = {
  text: "text-rose-700 dark:text-rose-400",
  chip: "text-rose-700 bg-rose-50 border-rose-200 dark:text-rose-300 dark:bg-rose-950/40 dark:border-rose-900",
};
const ORANGE = {
  text: "text-orange-700 dark:text-orange-400",
  chip: "text-orange-800 bg-orange-50 border-orange-200 dark:text-orange-300 dark:bg-orange-950/40 dark:border-orange-900",
};
const GREY = {
  text: "text-muted",
  chip: "text-zinc-700 bg-zinc-100 border-zinc-300 dark:text-zinc-300 dark:bg-zinc-900 dark:border-zinc-700",
};
const FUCHSIA = {
  text: "text-fuchsia-700 dark:text-fuchsia-400",
  chip: "text-fuchsia-700 bg-fuchsia-50 border-fuchsia-200 dark:text-fuchsia-300 dark:bg-fuchsia-950/40 dark:border-fuchsia-900",
};
const SKY = {
  text: "text-sky-700 dark:text-sky-400",
  chip: "text-sky-700 bg-sky-50 border-sky-200 dark:text-sky-300 dark:bg-sky-950/40 dark:border-sky-900",
};

/** The outcomes a finished call can have, in the order the filters list them. */
export const CALL_OUTCOMES = {
  ok: { label: "Success", kind: "success", explain: "", ...GREEN },
  tool_error: { label: "Tool error", kind: "tool", explain: "The tool ran and reported a failure (isError: true).", ...AMBER },
  protocol_error: {
    label: "Protocol error",
    kind: "protocol",
    explain: "The server answered with a JSON-RPC error instead of a result.",
    ...ROSE,
  },
  malformed_result: {
    label: "Malformed result",
    kind: "protocol",
    explain: "The server answered, but broke the protocol: part of its result does not follow the spec.",
    ...ROSE,
  },
  timeout: { label: "Timed out", kind: "incomplete", explain: "The server did not answer in time; it was told to stop.", ...ORANGE },
  cancelled: { label: "Cancelled", kind: "incomplete", explain: "The call was cancelled; the server was told to stop.", ...GREY },
  unavailable: {
    label: "Server unavailable",
    kind: "incomplete",
    explain: "Toolscope could not reach the server, so the call was never sent.",
    ...GREY,
  },
  unauthorized: {
    label: "Authorization needed",
    kind: "incomplete",
    explain: "The server refused the call until Toolscope is authorized (OAuth), or authorized with more access; the tool did not run.",
    ...SKY,
  },
  transport_error: {
    label: "Connection lost",
    kind: "incomplete",
    explain: "The connection to the server failed during the call; the tool may or may not have run.",
    ...ROSE,
  },
  input_required: {
    label: "Asked for input",
    kind: "incomplete",
    explain:
      "The server needs an answer first (an elicitation, a model's reply, the client's roots). It was passed to the agent, whose next call carries it.",
    ...SKY,
  },
  unanswered: {
    label: "Sent, no answer",
    kind: "unknown",
    explain: "Sent as a notification, which a server never answers: whether the tool ran is unknown.",
    ...SKY,
  },
} as const satisfies Record<string, OutcomeInfo>;

/** The outcomes only an audit record can have: before it completes, or when Toolscope stopped first. */
const RECORD_STATES = {
  pending: { label: "Pending", kind: "unknown", explain: "Forwarded to the server; not answered yet.", ...SKY },
  interrupted: {
    label: "Interrupted",
    kind: "unknown",
    explain: "Toolscope stopped while the call was in flight: the tool may or may not have run.",
    ...FUCHSIA,
  },
} as const satisfies Record<string, OutcomeInfo>;

/**
 * Outcomes shown but never stored: a stored outcome read together with Toolscope's own check of
 * the result against the tool's outputSchema, which the record keeps as its verdict. Derived
 * rather than stored, so that records written before it read the same way and the stored
 * outcomes (and their hashes) stay what the server answered.
 */
const SHOWN_ONLY = {
  output_mismatch: {
    label: "Result does not match outputSchema",
    kind: "protocol",
    explain: "The tool answered, but its structured result does not follow the outputSchema it declares, as the spec requires of it.",
    ...ROSE,
  },
} as const satisfies Record<string, OutcomeInfo>;

export type CallOutcome = keyof typeof CALL_OUTCOMES;
export type AuditOutcome = CallOutcome | keyof typeof RECORD_STATES;
export type ShownOutcome = AuditOutcome | keyof typeof SHOWN_ONLY;

export const OUTCOME_INFO: Record<AuditOutcome, OutcomeInfo> = { ...RECORD_STATES, ...CALL_OUTCOMES };
const SHOWN_INFO: Record<ShownOutcome, OutcomeInfo> = { ...OUTCOME_INFO, ...SHOWN_ONLY };

/**
 * What a call is shown as, from its stored outcome and the verdict of the output check: a
 * success whose result fails the tool's outputSchema is not called a success. (The check
 * runs only on results that are not tool errors; a malformed result keeps its own name.)
 */
export function shownOutcome(outcome: string, outputVerdict: string | null | undefined): string {
  return outcome === "ok" && outputVerdict === "invalid" ? "output_mismatch" : outcome;
}

/** Every audit outcome, for filters and query validation: record states first, then call outcomes. */
export const AUDIT_OUTCOMES = Object.keys(OUTCOME_INFO) as [AuditOutcome, ...AuditOutcome[]];

/**
 * The outcomes the audit log can be filtered by: what its list shows, so "Success" leaves out a
 * result that does not match its outputSchema, which has its own entry.
 */
export const FILTER_OUTCOMES = [...AUDIT_OUTCOMES, "output_mismatch"] as [ShownOutcome, ...ShownOutcome[]];

export function isAuditOutcome(value: string): value is AuditOutcome {
  return Object.hasOwn(OUTCOME_INFO, value);
}

/** What to show for an outcome (stored, or shown: see shownOutcome), or one a newer Toolscope may have written. */
export function outcomeInfo(outcome: string): OutcomeInfo {
  return Object.hasOwn(SHOWN_INFO, outcome)
    ? SHOWN_INFO[outcome as ShownOutcome]
    : { label: outcome, kind: "unknown", explain: "", ...GREY };
}
