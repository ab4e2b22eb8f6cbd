import "server-only";
// The input schema of the tool a saved call names: which of its values are secrets is decided
// by it (lib/domain/saved-secret-fields.ts), so a call is saved only once the server's catalog says.
import { hiddenServerIds } from "@/lib/mcp/server-access";
import type { Caller } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import { connectionFor } from "@/lib/mcp/pool";
import type { Tool } from "@/lib/domain/mcp-types";

const CATALOG_WAIT_MS = 10_000;

export async function assertServerVisible(serverId: string, caller: Caller): Promise<void> {
  if ((await hiddenServerIds(caller)).has(serverId)) throw new AppError("not_found:server", `There is no server with id "${serverId}".`);
}

export async function toolFor(serverId: string, toolName: string, caller: Caller): Promise<Tool> {
  await assertServerVisible(serverId, caller);
  const connection = await connectionFor(serverId, caller);
  if (!connection.isReady()) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      connection.ready().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, CATALOG_WAIT_MS))),
    ]).finally(() => clearTimeout(timer));
  }
  const tool = connection.findTool(toolName);
  if (tool) return tool;
  if (!connection.isReady())
    throw new AppError(
      "unavailable:server",
      `Server "${serverId}" is not connected: Toolscope needs its tool list to know which values of a call are secrets.`,
    );
  throw new AppError("not_found:tool", `Server "${serverId}" has no tool named "${toolName}".`);
}
