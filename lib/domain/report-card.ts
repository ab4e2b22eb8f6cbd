// A server's report card as the API answers it and the report page shows it: findings by rule,
// each saying where, why it matters and how to fix it, and a grade from documented weights
// (docs/report-card.md). Pure and client-safe: the page and the CLI read these types.
import type { JudgeSummary } from "./model-judge";

export const SEVERITIES = ["error", "warning", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const RULE_GROUPS = ["spec", "behaviour", "quality", "safety", "clients"] as const;
export type RuleGroup = (typeof RULE_GROUPS)[number];

export const RULE_GROUP_LABELS: Record<RuleGroup, string> = {
  spec: "Spec",
  behaviour: "Behaviour",
  quality: "Model-facing quality",
  safety: "Safety",
  clients: "Client compatibility",
};

export type Grade = "A" | "B" | "C" | "D" | "F";

/** A rule as the report names it: what it checks, why that matters to the server's users, how to fix it. */
export type RuleInfo = { id: string; group: RuleGroup; severity: Severity; title: string; why: string; fix: string };

/** The part of a text a finding is about: `text` is the field's whole value, `start`–`end` the offending span in it. */
export type FindingSpan = { start: number; end: number; text: string; /** What hidden characters spell, decoded. */ decoded?: string };

export type Finding = {
  rule: string;
  group: RuleGroup;
  severity: Severity;
  /** The tool it is about (null: the server as a whole) and the field, as a path such as `inputSchema.properties.path.description`. */
  tool: string | null;
  field: string | null;
  message: string;
  span?: FindingSpan;
};

/** What the audit log says of one tool's calls. */
export type ToolCallStats = {
  tool: string;
  calls: number;
  /** Calls that ended other than ok (tool errors, protocol errors, failures). */
  failures: number;
  toolErrors: number;
  p50Ms: number | null;
  p95Ms: number | null;
  /** structuredContent checked against outputSchema when each result arrived. */
  output: { valid: number; invalid: number; schemaError: number };
};

export type TokenCost = {
  encoding: "o200k_base";
  /** Tokens of the whole list as a model receives it (each tool's name, description and input schema as JSON). */
  total: number;
  /** The costliest tools, most first. */
  biggest: { tool: string; tokens: number }[];
};

/** What Toolscope measured of the live server while making the card. */
export type BehaviourFacts = {
  /** Whether the two listings were made (a server that is down is graded on what was listed before). */
  probed: boolean;
  pages: number | null;
  sameOrderTwice: boolean | null;
  listChangedDeclared: boolean;
  listChangedHeard: number;
  /** How many of the audit log's records of this server were read (the newest first), or null without access to it. */
  auditRecords: number | null;
};

export type ReportCard = {
  serverId: string;
  serverName: string;
  generatedAt: string;
  grade: Grade;
  score: number;
  toolCount: number;
  findings: Finding[];
  /** The rules the findings name, and every rule that was checked, by id. */
  rules: Record<string, RuleInfo>;
  counts: Record<Severity, number>;
  tokens: TokenCost;
  behaviour: BehaviourFacts;
  /** What the model judge made of the tools, when an admin chose one (docs/report-card.md#the-model-judge). */
  judge: JudgeSummary | null;
  toolStats: ToolCallStats[];
};

/** What the server card and the catalog show without the whole report. */
export type GradeSummary = { grade: Grade; score: number; counts: Record<Severity, number>; generatedAt: string };
