export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampPeerAddresses } = await import("./lib/http/peer-address");
    stampPeerAddresses();
    // In development the route serves calls, so that edits to lib/ reload as usual.
    if (process.env.NODE_ENV === "production") {
      const { installCallFastPath } = await import("./lib/http/call-fast-path");
      installCallFastPath();
    }
    const { startup } = await import("./lib/startup");
    await startup();
  }
}
