import "server-only";
// Multi-round calls for agents on 2026-07-28 (SEP-2322). A target that needs input during an
// agent's call (an elicitation, a model's reply, the client's roots) answers input_required.
// The gateway hands that to the agent as its own input_required, with the target's input
// requests under the target's keys and a requestState of its own: the round's state, signed
// with the SDK's codec (HMAC, with a key shared by every replica), bound to the person and the
// endpoint, valid for ten minutes. The agent's next request carries its answers and that state;
// the gateway checks it is the same call, then calls the target again with the answers and the
// target's own state. Nothing is held between rounds, so any replica serves the next one.
//
// An approved call goes on without a second approval: the state names the approval and the
// round, and each round is claimed once (continueApprovedCall), so a state played twice cannot
// run the approved call again. The arguments the target was called with (pins, an approver's
// edit) come from the state, never from the agent's retry.
import { isDeepStrictEqual } from "node:util";
import { createRequestStateCodec, type RequestStateCodec, type ServerContext } from "@modelcontextprotocol/server";
import { secretKeyFor } from "@/lib/crypto/secret-box";
import type { Caller } from "@/lib/domain/roles";
import { processWide } from "@/lib/process-wide";

/** How long an agent has to answer a round (the SDK codec's expiry). */
export const ROUND_TTL_S = 600;

/** What one round hands to the next, inside the requestState the agent echoes. */
export type RoundState = {
  /** The tool as the agent named it, and the arguments it sent: the next round must be the same call. */
  name: string;
  asked: Record<string, unknown>;
  /** The arguments the target was called with, when they are not the agent's (a virtual server's pins, an approver's edit). */
  sent?: Record<string, unknown>;
  /** The approval the call went ahead on, the reason it gave, and how many rounds of it were claimed. */
  approval?: { id: string; reason: string; round: number };
  /** The target's own requestState, echoed to it. */
  target?: string;
};

/** Who a session or a round belongs to: the person (or, without one, the kind of credential), not the one token. */
export function identityOf(caller: Caller): string {
  return `${caller.userId ?? caller.actor}\n${caller.authMethod ?? ""}`;
}

/** The person and the endpoint a round belongs to: another person, or the same one at another endpoint, cannot go on with it. */
function bindingOf(ctx: ServerContext): string {
  const caller = (ctx.http?.authInfo?.extra as { caller?: Caller } | undefined)?.caller;
  const url = ctx.http?.req?.url;
  if (!caller || !url) throw new Error("A round of input needs the caller and the endpoint of its request.");
  return `${identityOf(caller)}\n${new URL(url).pathname}`;
}

const codecs = processWide<{ codec?: RequestStateCodec<RoundState> }>("agent-round-codec", () => ({}));

/** The codec every replica signs and verifies rounds with (the SDK's; TOOLSCOPE_SECRET_KEY makes the key shared). */
export function roundCodec(): RequestStateCodec<RoundState> {
  codecs.codec ??= createRequestStateCodec<RoundState>({
    key: secretKeyFor("agent request state v1"),
    ttlSeconds: ROUND_TTL_S,
    bind: bindingOf,
  });
  return codecs.codec;
}

/** Whether an agent's request goes on with the round `state` came from: the same tool, the same arguments. */
export function continuesRound(state: RoundState, name: string, args: Record<string, unknown>): boolean {
  return state.name === name && isDeepStrictEqual(state.asked, args);
}
