import "server-only";
// What agents are offered of a server's tools (through /mcp) while definitions wait for an admin:
// never a definition that waits. The text of a tool's definition goes to the model as soon as it
// is listed, so holding only its calls would let a changed or poisoned description do its work
// before anyone approved it. A tool whose definition changed since it was approved is offered as
// it was approved (its calls are held, or wait for a person with the diff, as the policy says); a
// tool that is new and failed the poisoning scan is not offered at all until it is approved, nor
// one waiting for the model judge's verdict until the verdict lets it through.
import type { Tool } from "../domain/mcp-types";
import type { ServerConnection } from "@/lib/mcp/connection";
import { PINNED_FIELDS, toolDefinitionHash } from "./definition";
import { parseDefinition, serverPins } from "./pin-store";
import { currentJudge } from "@/lib/report/model-judge";
import { poisoningFlags } from "./reconcile";

/** A tool as it may be offered to an agent, or null: not until an admin approves it. */
export type AgentOffer = (tool: Tool) => Tool | null;

export async function agentOffer(connection: ServerConnection, tools: readonly Tool[]): Promise<AgentOffer> {
  const [pins, judge] = await Promise.all([serverPins(connection.config.id), currentJudge()]);
  let own: Set<string> | undefined;
  return (tool) => {
    const pin = pins.approved.get(tool.name);
    if (pin) {
      if (pin.hash === toolDefinitionHash(tool)) return tool;
      // As approved: every field a model reads from the pin, the rest (icons, _meta) as listed now.
      const approved: Record<string, unknown> = { ...tool };
      for (const field of PINNED_FIELDS) delete approved[field];
      return { ...approved, ...parseDefinition(pin), name: tool.name } as Tool;
    }
    const pending = pins.pending.get(tool.name)?.find((row) => row.hash === toolDefinitionHash(tool));
    if (pending) return pending.reason === "flagged" || pending.reason === "judging" ? null : tool;
    // Listed a moment ago and not yet reconciled: with a judge it will wait for the verdict, so it waits now;
    // without one, the scan decides now what it will decide then.
    if (judge) return null;
    own ??= new Set(tools.map((listed) => listed.name));
    return poisoningFlags(tool, own).length > 0 ? null : tool;
  };
}
