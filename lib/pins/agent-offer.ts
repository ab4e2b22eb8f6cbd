import "server-only";
// What agents are offered of a server's tools (through /mcp) while definitions wait for an admin:
// never a definition that waits. The text of a tool's definition goes to the model as soon as it
// is listed, so holding only its calls would let a changed or poisoned description do its work
// before anyone approved it. A tool whose definition changed since it was approved is offered as
// it was approved (its calls are held, or wait for a person with the diff, as the policy says); a
// tool that is new and failed the poisoning scan is not offered at all until it is approved, nor
// one waiting for the model judge's verdict until the verdict lets it through. A _meta whose text
// fails the poisoning scan is left out of what is offered (it is not pinned).
import type { Tool } from "../domain/mcp-types";
import type { ServerConnection } from "@/lib/mcp/connection";
import { PINNED_FIELDS, toolDefinitionHash } from "./definition";
import { parseDefinition, serverPins } from "./pin-store";
import { currentJudge } from "@/lib/report/model-judge";
import { isPoisoned, scanTool } from "@/lib/report/poisoning";
import { poisoningFlags } from "./reconcile";

/** A tool as it may be offered to an agent, or null: not until an admin approves it. */
export type AgentOffer = (tool: Tool) => Tool | null;

export async function agentOffer(connection: ServerConnection, tools: readonly Tool[]): Promise<AgentOffer> {
  const [pins, judge] = await Promise.all([serverPins(connection.config.id), currentJudge()]);
  const own = new Set(tools.map((listed) => listed.name));
  const offered = (tool: Tool): Tool => withCleanMeta(tool, own);
  return (tool) => {
    const pin = pins.approved.get(tool.name);
    if (pin) {
      if (pin.hash === toolDefinitionHash(tool)) return offered(tool);
      // As approved: every field a model reads from the pin, the rest (icons, _meta) as listed now.
      const approved: Record<string, unknown> = { ...tool };
      for (const field of PINNED_FIELDS) delete approved[field];
      return offered({ ...approved, ...parseDefinition(pin), name: tool.name } as Tool);
    }
    const pending = pins.pending.get(tool.name)?.find((row) => row.hash === toolDefinitionHash(tool));
    if (pending) return pending.reason === "flagged" || pending.reason === "judging" ? null : offered(tool);
    // Listed a moment ago and not yet reconciled: with a judge it will wait for the verdict, so it waits now;
    // without one, the scan decides now what it will decide then.
    if (judge) return null;
    return poisoningFlags(tool, own).length > 0 ? null : offered(tool);
  };
}

/** Whether a tool's _meta fails the poisoning scan, once per _meta object (a catalog keeps its objects until the server lists again). */
const metaVerdicts = new WeakMap<object, boolean>();

/**
 * The tool without its _meta when what a model could read there fails the poisoning scan. _meta is
 * not pinned (it changes for display and bookkeeping, definition.ts), so a server could put text
 * there after its tool was approved: that text is scanned each time it changes, and not passed on.
 */
function withCleanMeta(tool: Tool, own: ReadonlySet<string>): Tool {
  const meta = (tool as { _meta?: unknown })._meta;
  if (meta === null || typeof meta !== "object") return tool;
  let poisoned = metaVerdicts.get(meta);
  if (poisoned === undefined) {
    poisoned = isPoisoned(scanTool({ name: tool.name, inputSchema: { type: "object" }, _meta: meta } as Tool, { ownTools: own }));
    metaVerdicts.set(meta, poisoned);
  }
  if (!poisoned) return tool;
  const { _meta: _withheld, ...rest } = tool as Tool & { _meta?: unknown };
  return rest as Tool;
}
