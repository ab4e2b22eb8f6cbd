import "server-only";
// Whether this process is shutting down (lib/server/shutdown.ts): it then takes no new work,
// answers readiness with 503 so that load balancers stop sending, and lets calls in flight end.
import { processWide } from "@/lib/process-wide";

export const drainState = processWide("draining", () => ({ draining: false }));

export function isDraining(): boolean {
  return drainState.draining;
}
