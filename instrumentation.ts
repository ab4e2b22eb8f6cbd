// Next calls this once as it starts. Toolscope is served only through its front door
// (server.ts), which guards every request; Next started any other way (`next start`,
// `next dev`) would serve pages and API routes unguarded, so it stops there instead.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { refuseToServeWithoutFrontDoor } = await import("./lib/server/front-door-marker");
  refuseToServeWithoutFrontDoor();
}
