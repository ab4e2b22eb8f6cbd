import "server-only";
// How Toolscope fetches the Client ID Metadata Document of an agent that names itself by URL
// (CIMD, lib/auth/agent-oauth.ts): with the CIMD package's Node transport, which resolves the
// host once, refuses any address that is not public, pins the one it checked and follows no
// redirect, so an agent cannot make Toolscope reach into the network it runs in. Tests serve
// their documents on loopback, which that transport rightly refuses: they put a transport of
// their own in its place (useClientMetadataTransport), and everything above it runs as it does.
import { fetchClientMetadataResource } from "@better-auth/cimd/node";
import type { ClientMetadataResourceFetch } from "@better-auth/oauth-provider";
import { processWide } from "@/lib/process-wide";

const state = processWide<{ transport: ClientMetadataResourceFetch }>("client-metadata-transport", () => ({
  transport: fetchClientMetadataResource,
}));

export const fetchClientMetadata: ClientMetadataResourceFetch = (url, init) => state.transport(url, init);

/** Tests only: fetch documents with `transport` (none: the public-only one again). */
export function useClientMetadataTransport(transport?: ClientMetadataResourceFetch): void {
  state.transport = transport ?? fetchClientMetadataResource;
}
