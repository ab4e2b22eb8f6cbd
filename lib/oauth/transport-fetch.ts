import "server-only";
// The fetch the SDK's HTTP transports and the icon proxy are given: the outbound guard's
// fetch (lib/net/guarded-fetch.ts) under the policy in force. When the policy changes (the
// first account makes Toolscope hosted), connections pooled under the old one are closed.
import { appConfig } from "@/lib/config/env";
import { currentOutboundPolicy } from "@/lib/auth/hosting";
import { createGuardedFetch, type GuardedFetch } from "@/lib/net/guarded-fetch";
import type { OutboundPolicy } from "@/lib/net/outbound-policy";
import { processWide } from "@/lib/process-wide";

const state = processWide("transport-fetch", () => ({
  policy: undefined as OutboundPolicy | undefined,
  fetch: undefined as GuardedFetch | undefined,
}));

function fetchFor(policy: OutboundPolicy): GuardedFetch {
  if (state.policy !== policy || !state.fetch) {
    state.fetch?.close();
    state.policy = policy;
    state.fetch = createGuardedFetch({ policy: () => policy, maxResponseBytes: appConfig().limits.maxResultBytes });
  }
  return state.fetch;
}

export const transportFetch: typeof fetch = async (input, init) => fetchFor(await currentOutboundPolicy())(input, init);
