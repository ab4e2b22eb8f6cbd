import "server-only";
// What happens when a server lists its tools: each definition is compared with its pin. A tool
// never pinned is pinned at once in local mode (or under the accept policy), and waits for an
// admin when hosted; a changed tool waits (hold, warn) or is pinned anew (accept); a new tool
// that fails the poisoning scan always waits. Every change and every flagged tool is recorded in
// the audit log once, whichever process (replica) saw it first.
//
// With a model judge (lib/report/model-judge.ts), the decisions that would let a definition
// through unread wait for its verdict instead: a new tool the text scan passes, and a change under
// the accept policy, are kept as "judging" (held and not offered to agents, as a flagged tool is)
// and settled by the verdict: flagged when it is poisoned at the threshold, otherwise what they
// would have been without a judge. A judge that fails or times out settles them the same way, on
// the text scan alone. The verdict is waited for here, not on the listing's path (watch.ts runs
// this in the background), and is kept, so that each definition is judged once.
import { recordEvent, type EventActor } from "@/lib/audit/events";
import { isHosted } from "@/lib/auth/hosting";
import type { Tool } from "../domain/mcp-types";
import type { PinPolicy } from "../domain/definition-pins";
import { jsonDiff } from "@/lib/domain/json-diff";
import { serverPolicy } from "@/lib/policy/policy-store";
import { processWide } from "@/lib/process-wide";
import { currentJudge, JUDGE_TIMEOUT_MS, judgementFlags, judgeTools, type Judge } from "@/lib/report/model-judge";
import { isPoisoned, scanTool } from "@/lib/report/poisoning";
import { definitionHash, pinnedDefinition } from "./definition";
import { approveDefinitions, keepPending, parseDefinition, serverPins, settleJudged, type DefinitionRow, type Seen } from "./pin-store";

/** Toolscope itself, as the audit log names it when it records what it saw. */
export const TOOLSCOPE_ACTOR: EventActor = { actor: "toolscope", clientIp: null, actorName: "Toolscope" };

export async function pinPolicy(serverId: string): Promise<{ policy: PinPolicy; set: boolean }> {
  const set = (await serverPolicy(serverId))?.definitionChanges;
  if (set) return { policy: set, set: true };
  return { policy: (await isHosted()) ? "hold" : "warn", set: false };
}

/** The poisoning scan's findings on a tool, in words, when it fails the scan. */
export function poisoningFlags(tool: Tool, ownTools: ReadonlySet<string>): string[] {
  const findings = scanTool(tool, { ownTools });
  return isPoisoned(findings) ? findings.filter((f) => f.group === "safety" && f.rule !== "safety/broad-schema").map((f) => f.message) : [];
}

const SLICE = 250;
/**
 * A "judging" definition no question of this process is settling is settled anew after this long
 * (its process died, say); sooner, it is taken to be another replica's, which is asking already.
 */
const JUDGING_STALE_MS = JUDGE_TIMEOUT_MS + 30_000;

type Decision = { seen: Seen; tool: Tool; previous?: DefinitionRow; flags?: string[] };

/** The definitions this process is settling by a verdict, by server and hash. */
const settling = processWide("pins-judging", () => new Set<string>());

/** One look again per server at its newest list, however many listings saw another process's young rows. */
const relooks = processWide("pins-judging-relooks", () => new Map<string, { tools: readonly Tool[] }>());

function lookAgainLater(serverId: string, tools: readonly Tool[]): void {
  const waiting = relooks.get(serverId);
  if (waiting) {
    waiting.tools = tools;
    return;
  }
  const fresh = { tools };
  relooks.set(serverId, fresh);
  setTimeout(() => {
    relooks.delete(serverId);
    void reconcileDefinitions(serverId, fresh.tools).catch(() => undefined);
  }, JUDGING_STALE_MS).unref();
}

export async function reconcileDefinitions(serverId: string, tools: readonly Tool[], judge?: Judge | null): Promise<void> {
  const [{ policy }, hosted, pins, judging] = await Promise.all([
    pinPolicy(serverId),
    isHosted(),
    serverPins(serverId),
    judge === undefined ? currentJudge() : judge,
  ]);
  const own = new Set(tools.map((t) => t.name));
  // A look again already planned reads this list, the newest.
  const planned = relooks.get(serverId);
  if (planned) planned.tools = tools;
  const pinnedBefore = pins.approved.size > 0;
  const firstReason = pinnedBefore ? "new" : "first";
  const pinNow: Decision[] = [];
  const wait: Decision[] = [];
  /** Kept as "judging", settled by the verdict. */
  const toJudge: Decision[] = [];
  /** "judging" rows no question of this process settles: their process died, or the judge was turned off since. */
  const stale: Decision[] = [];
  /** "judging" rows of another process (replica), too young to call stale: looked at again later. */
  let young = false;
  /** Waiting anyway (a change, a text-scan failure): the verdict is asked for the view and the report card. */
  const alsoAsk: Tool[] = [];
  const done = new Set<string>();
  for (const [i, tool] of tools.entries()) {
    // Hashing and scanning 10,000 tools takes about half a second: a slice per turn of the event loop, so pages and calls go on meanwhile.
    if (i > 0 && i % SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    // The first of a name, as the catalog finds it (spec/tool-name-unique reports the others).
    if (done.has(tool.name)) continue;
    done.add(tool.name);
    const definition = pinnedDefinition(tool);
    const hash = definitionHash(definition);
    const pin = pins.approved.get(tool.name);
    if (pin?.hash === hash) continue;
    const seen = (reason: Seen["reason"]): Seen => ({ serverId, tool: tool.name, hash, definition, reason });
    const pending = pins.pending.get(tool.name)?.find((row) => row.hash === hash);
    if (pending) {
      if (pending.reason !== "judging" || settling.has(`${serverId}\0${hash}`)) continue;
      if (!judging || Date.now() - Date.parse(pending.first_seen_at) > JUDGING_STALE_MS)
        stale.push({ seen: seen("judging"), tool, previous: pin });
      else young = true;
      continue;
    }
    if (pin) {
      // A change under accept is pinned as it comes; with a judge, not before its verdict.
      if (policy === "accept") (judging ? toJudge : pinNow).push({ seen: seen(judging ? "judging" : "changed"), tool, previous: pin });
      else {
        wait.push({ seen: seen("changed"), tool, previous: pin });
        if (judging) alsoAsk.push(tool);
      }
      continue;
    }
    const flags = poisoningFlags(tool, own);
    if (flags.length > 0) {
      wait.push({ seen: seen("flagged"), tool, flags });
      if (judging) alsoAsk.push(tool);
    } else if (judging) toJudge.push({ seen: seen("judging"), tool });
    else if (!hosted || policy === "accept") pinNow.push({ seen: seen(firstReason), tool });
    else wait.push({ seen: seen(firstReason), tool });
  }
  const approved = await approveDefinitions(
    serverId,
    pinNow.map((d) => d.seen),
    hosted ? "automatic (policy: accept)" : "automatic (local mode)",
  );
  // Marked as this process's before they are kept: a listing reconciled meanwhile must not take them for another's.
  const marks = toJudge.map((d) => `${serverId}\0${d.seen.hash}`);
  for (const mark of marks) settling.add(mark);
  try {
    const kept = await keepPending(
      serverId,
      [...wait, ...toJudge].map((d) => d.seen),
    );
    for (const d of toJudge) if (!kept.has(d.seen.hash)) settling.delete(`${serverId}\0${d.seen.hash}`);
    // Each recorded once, by whichever process (replica) wrote it.
    for (const d of pinNow)
      if (d.previous && approved.has(d.seen.hash))
        await recordEvent("tool_definition_changed", TOOLSCOPE_ACTOR, { ...eventOf(d), accepted: true });
    for (const d of wait) {
      if (!kept.has(d.seen.hash) || d.seen.reason === "first" || d.seen.reason === "new") continue;
      await recordEvent(d.flags ? "tool_definition_flagged" : "tool_definition_changed", TOOLSCOPE_ACTOR, {
        ...eventOf(d),
        held: policy === "hold",
      });
    }
    if (judging && alsoAsk.length > 0)
      void judgeTools(judging, alsoAsk).catch((error: unknown) => console.error("[toolscope] the model judge failed:", error));
    // The rows this call kept are its to settle; those another process kept are that process's.
    await settleByVerdict(serverId, [...toJudge.filter((d) => kept.has(d.seen.hash)), ...stale], judging, own);
  } finally {
    // Settled, or failed on the way: either way no longer this process's to settle.
    for (const mark of marks) settling.delete(mark);
  }
  // A verdict another process is asking for may never come (that process may die): look again once it would be stale.
  if (young) lookAgainLater(serverId, tools);
}

/** Decides definitions that waited for the judge, on its verdict (or, without one, on the text scan alone), as the policy is now. */
async function settleByVerdict(serverId: string, decisions: Decision[], judge: Judge | null, own: ReadonlySet<string>): Promise<void> {
  if (decisions.length === 0) return;
  const marks = decisions.map((d) => `${serverId}\0${d.seen.hash}`);
  for (const mark of marks) settling.add(mark);
  try {
    // Urgent: these definitions are held until their verdict comes, ahead of any report card's backlog.
    const tools = decisions.map((d) => d.tool);
    const judgements = judge ? await judgeTools(judge, tools, { urgent: true }) : new Map();
    // The verdict may have taken a minute: the policy, the mode and the first approval as they are now.
    const [{ policy }, hosted, pins] = await Promise.all([pinPolicy(serverId), isHosted(), serverPins(serverId)]);
    const pinNow: Decision[] = [];
    const wait: Decision[] = [];
    for (const d of decisions) {
      const judged = judge ? judgementFlags(judge, judgements.get(d.tool)) : [];
      const as = (reason: Seen["reason"], flags?: string[]): Decision => ({
        ...d,
        seen: { ...d.seen, reason },
        ...(flags ? { flags } : {}),
      });
      if (d.previous) {
        // A change under accept is pinned as it comes, unless the judge flags it (or the policy changed meanwhile): then it waits as any change does.
        if (judged.length > 0 || policy !== "accept") wait.push(as("changed", judged.length > 0 ? judged : undefined));
        else pinNow.push(as("changed"));
        continue;
      }
      const flags = [...poisoningFlags(d.tool, own), ...judged];
      const firstReason = pins.approved.size > 0 ? "new" : "first";
      if (flags.length > 0) wait.push(as("flagged", flags));
      else if (!hosted || policy === "accept") pinNow.push(as(firstReason));
      else wait.push(as(firstReason));
    }
    // Settled once, by whichever process gets there first; only what this call settled is approved and recorded here.
    const settledWaiting = await settleJudged(
      serverId,
      wait.map((d) => d.seen),
    );
    const settledPinned = await settleJudged(
      serverId,
      pinNow.map((d) => d.seen),
    );
    const approved = await approveDefinitions(
      serverId,
      pinNow.filter((d) => settledPinned.has(d.seen.hash)).map((d) => d.seen),
      hosted ? "automatic (policy: accept)" : "automatic (local mode)",
    );
    for (const d of pinNow)
      if (d.previous && approved.has(d.seen.hash))
        await recordEvent("tool_definition_changed", TOOLSCOPE_ACTOR, { ...eventOf(d), accepted: true });
    for (const d of wait)
      if (settledWaiting.has(d.seen.hash) && (d.flags || d.previous))
        await recordEvent(d.flags && !d.previous ? "tool_definition_flagged" : "tool_definition_changed", TOOLSCOPE_ACTOR, {
          ...eventOf(d),
          held: policy === "hold",
        });
  } finally {
    for (const mark of marks) settling.delete(mark);
  }
}

function eventOf(d: Decision): Record<string, unknown> & { serverId: string } {
  return {
    serverId: d.seen.serverId,
    subject: d.seen.tool,
    hash: d.seen.hash,
    ...(d.previous ? { previous: d.previous.hash, changes: jsonDiff(parseDefinition(d.previous), d.seen.definition) } : {}),
    ...(d.flags ? { flags: d.flags } : {}),
  };
}
