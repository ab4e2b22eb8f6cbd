// Whether this process serves through Toolscope's front door. server.ts marks the process
// before Next starts; instrumentation.ts refuses to let Next serve a process that is not
// marked (a bare `next start` would answer every request with no guard at all).
import { processWide } from "@/lib/process-wide";

const marker = processWide("front-door", () => ({ open: false }));

export function markFrontDoorOpen(): void {
  marker.open = true;
}

export function frontDoorIsOpen(): boolean {
  return marker.open;
}
