import "server-only";
// Pinned definitions as the API and the call pipeline use them: whether a call to a tool is held
// (its definition is not the approved one, and the server's policy holds such tools), what waits
// for approval with what changed and why the poisoning scan (its patterns, the model judge) flags
// it, and an admin's approval.
import { recordEvent } from "@/lib/audit/events";
import { AppError } from "@/lib/errors";
import { jsonDiff, type JsonChange } from "@/lib/domain/json-diff";
import { can, type Caller } from "@/lib/domain/roles";
import type { PendingDefinition, PinsView } from "../domain/definition-pins";
import type { ServerConnection } from "@/lib/mcp/connection";
import { connectionFor } from "@/lib/mcp/pool";
import { currentJudge, judgementFlags, judgeTools, type Judgement } from "@/lib/report/model-judge";
import type { Tool } from "../domain/mcp-types";
import { definitionHash, pinnedDefinition } from "./definition";
import { approveDefinitions as approveStored, parseDefinition, serverPins, type DefinitionRow, type ServerPins } from "./pin-store";
import { pinPolicy, poisoningFlags } from "./reconcile";

/**
 * Why a call to this tool is refused now, or null: the tool changed (or, new, failed the poisoning
 * scan, or waits for the model judge's verdict) and the server's policy holds it.
 */
export async function heldBecause(connection: ServerConnection, toolName: string): Promise<string | null> {
  const tool = connection.findTool(toolName);
  if (!tool) return null;
  const serverId = connection.config.id;
  const { policy } = await pinPolicy(serverId);
  if (policy !== "hold") return null;
  const pins = await serverPins(serverId);
  const pin = pins.approved.get(toolName);
  // Neither pinned nor flagged: nothing to hold, and no hash to compute on the call's path.
  if (!pin && !pins.pending.has(toolName)) return null;
  const hash = definitionHash(pinnedDefinition(tool));
  if (pin?.hash === hash) return null;
  const pending = pins.pending.get(toolName)?.find((row) => row.hash === hash);
  // A change not yet reconciled (listed a moment ago) is held all the same.
  if (pin && (!pending || pending.reason === "changed"))
    return `${toolName}'s definition changed since it was approved; calls are held until an admin approves the new definition (Report card → Definitions).`;
  if (pending?.reason === "flagged")
    return `${toolName} is new and failed the poisoning scan; calls are held until an admin approves it (Report card → Definitions).`;
  if (pending?.reason === "judging")
    return `${pin ? `${toolName}'s definition changed and` : `${toolName} is new and`} waits for the model judge's verdict; calls are held until it comes (if the judge fails, the text scan decides) or an admin approves it (Report card → Definitions).`;
  return null;
}

/**
 * What changed in a tool's definition since it was approved, when it changed and the server lets
 * such calls through with a warning (policy "warn"): an agent's call to it waits for a person
 * (lib/approvals), who sees this diff. Null when it is the approved one, or never was pinned.
 */
export async function unapprovedChanges(connection: ServerConnection, toolName: string): Promise<JsonChange[] | null> {
  const tool = connection.findTool(toolName);
  if (!tool) return null;
  const serverId = connection.config.id;
  if ((await pinPolicy(serverId)).policy !== "warn") return null;
  const pin = (await serverPins(serverId)).approved.get(toolName);
  if (!pin) return null;
  const definition = pinnedDefinition(tool);
  if (definitionHash(definition) === pin.hash) return null;
  return jsonDiff(parseDefinition(pin), definition);
}

export async function enforceDefinitionPin(connection: ServerConnection, toolName: string): Promise<void> {
  const because = await heldBecause(connection, toolName);
  if (because) throw new AppError("conflict:tool_definition", because);
}

function pendingOf(
  row: DefinitionRow,
  pins: ServerPins,
  held: boolean,
  tools: ReadonlySet<string>,
  listed: Tool,
  judged: string[],
): PendingDefinition {
  const pin = pins.approved.get(row.tool_name);
  const definition = parseDefinition(row);
  return {
    tool: row.tool_name,
    hash: row.hash,
    reason: row.reason,
    firstSeenAt: row.first_seen_at,
    held,
    changes: (row.reason === "changed" || row.reason === "judging") && pin ? jsonDiff(parseDefinition(pin), definition) : [],
    flags: [...(row.reason === "flagged" ? poisoningFlags(listed, tools) : []), ...judged],
  };
}

/** The model judge's verdicts already in hand on the waiting definitions (none is asked for here), when a judge is chosen. */
async function judgeFlagsOf(tools: readonly Tool[]): Promise<(tool: Tool) => string[]> {
  const judge = await currentJudge();
  if (!judge || tools.length === 0) return () => [];
  const judgements: Map<Tool, Judgement> = await judgeTools(judge, tools, { ask: false });
  return (tool) => judgementFlags(judge, judgements.get(tool));
}

export async function pinsView(serverId: string, caller: Caller): Promise<PinsView> {
  const connection = await connectionFor(serverId, caller);
  const tools = connection.catalog().tools;
  const [{ policy, set }, pins] = await Promise.all([pinPolicy(serverId), serverPins(serverId)]);
  const names = new Set(tools.map((t) => t.name));
  const waiting: { row: DefinitionRow; tool: Tool }[] = [];
  for (const rows of pins.pending.values())
    for (const row of rows) {
      // Only what the server lists now: a definition it no longer sends waits for nothing.
      const tool = connection.findTool(row.tool_name);
      if (tool && definitionHash(pinnedDefinition(tool)) === row.hash) waiting.push({ row, tool });
    }
  const judged = await judgeFlagsOf(waiting.map((w) => w.tool));
  const pending = waiting.map(({ row, tool }) => {
    const held = policy === "hold" && (row.reason === "changed" || row.reason === "flagged" || row.reason === "judging");
    return pendingOf(row, pins, held, names, tool, judged(tool));
  });
  pending.sort((a, b) => Number(b.held) - Number(a.held) || a.tool.localeCompare(b.tool));
  return { serverId, policy, policySet: set, pinned: pins.approved.size, pending, mayApprove: can(caller, "servers:manage") };
}

/** An admin approves one waiting definition (tool and hash), or every one the server lists now. */
export async function approveDefinitions(
  serverId: string,
  which: { tool: string; hash: string } | { all: true },
  by: Caller,
): Promise<PinsView> {
  const view = await pinsView(serverId, by);
  const chosen = "all" in which ? view.pending : view.pending.filter((p) => p.tool === which.tool && p.hash === which.hash);
  if (!("all" in which) && chosen.length === 0)
    throw new AppError(
      "not_found:tool",
      `${which.tool} has no definition with hash ${which.hash.slice(0, 12)}… waiting for approval (it may be approved already, or the server lists another now).`,
    );
  const pins = await serverPins(serverId);
  const rows = chosen.flatMap((pending) => pins.pending.get(pending.tool)?.filter((r) => r.hash === pending.hash) ?? []);
  const approved = await approveStored(
    serverId,
    rows.map((row) => ({ serverId, tool: row.tool_name, hash: row.hash, definition: parseDefinition(row), reason: row.reason })),
    by.actor,
  );
  // One record per definition, except a server's first list, approved at once: one record for it.
  const first = chosen.filter((p) => p.reason === "first" && approved.has(p.hash));
  if (first.length > 0)
    await recordEvent("tool_definition_approved", by, { serverId, subject: "(first list)", tools: first.map((p) => p.tool) });
  for (const pending of chosen)
    if (pending.reason !== "first" && approved.has(pending.hash))
      await recordEvent("tool_definition_approved", by, {
        serverId,
        subject: pending.tool,
        hash: pending.hash,
        reason: pending.reason,
        changes: pending.changes,
      });
  return pinsView(serverId, by);
}
