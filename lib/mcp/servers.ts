import "server-only";
// Read-side views of the configured servers, as the API and pages show them.
import { connectionFor, allConnections } from "./pool";
import type { ServerSnapshot, ToolsResponse } from "./types";

export function listServerSnapshots(): ServerSnapshot[] {
  return allConnections().map((c) => c.snapshot());
}

/** A server's tools; a server that cannot connect yields its snapshot (with the reason) and no tools. */
export async function serverTools(serverId: string): Promise<ToolsResponse> {
  const connection = connectionFor(serverId);
  await connection.ready().catch(() => undefined);
  return { server: connection.snapshot(), tools: connection.listTools() };
}
