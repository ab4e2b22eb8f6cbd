// Next calls this once as it starts. Toolscope is served only through its front door
// (server.ts), which guards every request; Next started any other way (`next start`,
// `next dev`) would serve pages and API routes unguarded, so it stops here instead.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { frontDoorIsOpen } = await import("./lib/server/front-door-marker");
  if (!frontDoorIsOpen()) {
    console.error(
      "[toolscope] Start Toolscope with `npm start` (or `npm run dev`): Next on its own would serve it without its request guard.",
    );
    process.exit(1);
  }
}
