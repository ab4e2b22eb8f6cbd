export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampPeerAddresses } = await import("./lib/http/peer-address");
    stampPeerAddresses();
    const { startup } = await import("./lib/startup");
    await startup();
  }
}
