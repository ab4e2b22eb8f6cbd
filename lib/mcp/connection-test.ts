import "server-only";
// "Test connection" on the add-server form: connects to a server as it would be added, without
// saving it, and says what answered (name, version, revision, tool count) or why nothing did.
// Under a throwaway id, so that no stored authorization (OAuth grant) of a server with the same
// id is sent to what may be another target. The same checks apply as to adding it: stdio only
// where this Toolscope starts commands, the outbound guard for URLs.
import { randomBytes } from "node:crypto";
import { appConfig } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { ServerConnection } from "./connection";
import { entryToConfig, type McpJsonEntry } from "./mcp-json";
import { assertStdioAllowed } from "./servers";
import type { ServerSnapshot } from "../domain/mcp-types";
import { clearJournals } from "@/lib/oauth/journal";
import { forgetServer } from "@/lib/oauth/oauth-store";

export type ConnectionTest =
  | {
      ok: true;
      serverInfo: ServerSnapshot["serverInfo"];
      protocolVersion: string | null;
      transport: ServerSnapshot["activeTransport"];
      toolCount: number;
      invalidToolCount: number;
    }
  | { ok: false; status: "failed" | "unauthorized"; error: string };

export async function testConnection(entry: McpJsonEntry & { id?: string }): Promise<ConnectionTest> {
  const { id: given, ...rest } = entry;
  const id = `connection-test-${randomBytes(6).toString("hex")}`;
  const result = entryToConfig(id, { ...rest, name: rest.name ?? given ?? "The server" });
  if (!result.ok) throw new AppError("bad_request:config", result.message);
  await assertStdioAllowed(result.config);
  const connection = new ServerConnection(result.config, "database", appConfig().callTimeoutMs);
  try {
    await connection.ready();
    const snapshot = connection.snapshot();
    return {
      ok: true,
      serverInfo: snapshot.serverInfo,
      protocolVersion: snapshot.protocolVersion,
      transport: snapshot.activeTransport,
      toolCount: snapshot.toolCount,
      invalidToolCount: snapshot.invalidToolCount,
    };
  } catch (error) {
    const snapshot = connection.snapshot();
    if (snapshot.status === "unauthorized") {
      return { ok: false, status: "unauthorized", error: "The server asks for authorization (OAuth): add it, then Authorize on its page." };
    }
    return { ok: false, status: "failed", error: snapshot.error ?? (error instanceof Error ? error.message : String(error)) };
  } finally {
    await connection.close();
    // An OAuth discovery (or a client-credentials grant) made on the way is the throwaway id's: gone with it.
    await forgetServer(id).catch(() => undefined);
    clearJournals(id);
  }
}
