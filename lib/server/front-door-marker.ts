// Whether this process serves through Toolscope's front door. server.ts marks the process
// before Next starts; instrumentation.ts refuses to let Next serve a process that is not
// marked (a bare `next start` would answer every request with no guard at all).
import { processWide } from "@/lib/process-wide";

const marker = processWide("front-door", () => ({ open: false }));

export function markFrontDoorOpen(): void {
  marker.open = true;
}

/** Ends a process in which Next was started without the front door. */
export function refuseToServeWithoutFrontDoor(): void {
  if (marker.open) return;
  console.error(
    "[toolscope] Start Toolscope with `npm start` (or `npm run dev`): Next on its own would serve it without its request guard.",
  );
  process.exit(1);
}
