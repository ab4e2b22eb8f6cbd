import "server-only";
// What happens when a server lists its tools: each definition is compared with its pin. A tool
// never pinned is pinned at once in local mode (or under the accept policy), and waits for an
// admin when hosted; a changed tool waits (hold, warn) or is pinned anew (accept); a new tool
// that fails the poisoning scan always waits. Every change and every flagged tool is recorded in
// the audit log once, whichever process (replica) saw it first.
import { recordEvent, type EventActor } from "@/lib/audit/events";
import { isHosted } from "@/lib/auth/hosting";
import type { Tool } from "../domain/mcp-types";
import type { PinPolicy } from "../domain/definition-pins";
import { jsonDiff } from "@/lib/domain/json-diff";
import { serverPolicy } from "@/lib/policy/policy-store";
import { isPoisoned, scanTool } from "@/lib/report/poisoning";
import { definitionHash, pinnedDefinition } from "./definition";
import { approveDefinitions, keepPending, parseDefinition, serverPins, type DefinitionRow, type Seen } from "./pin-store";

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

type Decision = { seen: Seen; tool: Tool; previous?: DefinitionRow; flags?: string[] };

export async function reconcileDefinitions(serverId: string, tools: readonly Tool[]): Promise<void> {
  const [{ policy }, hosted, pins] = await Promise.all([pinPolicy(serverId), isHosted(), serverPins(serverId)]);
  const own = new Set(tools.map((t) => t.name));
  const pinnedBefore = pins.approved.size > 0;
  const firstReason = pinnedBefore ? "new" : "first";
  const pinNow: Decision[] = [];
  const wait: Decision[] = [];
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
    if (pin?.hash === hash || pins.pending.get(tool.name)?.some((row) => row.hash === hash)) continue;
    const seen = (reason: Seen["reason"]): Seen => ({ serverId, tool: tool.name, hash, definition, reason });
    if (pin) (policy === "accept" ? pinNow : wait).push({ seen: seen("changed"), tool, previous: pin });
    else {
      const flags = poisoningFlags(tool, own);
      if (flags.length > 0) wait.push({ seen: seen("flagged"), tool, flags });
      else if (!hosted || policy === "accept") pinNow.push({ seen: seen(firstReason), tool });
      else wait.push({ seen: seen(firstReason), tool });
    }
  }
  const approved = await approveDefinitions(
    serverId,
    pinNow.map((d) => d.seen),
    hosted ? "automatic (policy: accept)" : "automatic (local mode)",
  );
  const kept = await keepPending(
    serverId,
    wait.map((d) => d.seen),
  );
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
