import "server-only";
// What a saved call sends, by its kind: a tool call (its secrets left out by the tool's own
// schema, so the server's catalog must list the tool), a resource read (the URI; a password in
// it is left out and asked for at run time) or a prompt get (string arguments; secret-looking
// names left out). The same rules hold saving from a page, from the API and from a file.
import type { Caller } from "@/lib/domain/roles";
import { appConfig } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { REDACTED, redactConnectionStrings } from "@/lib/domain/redact";
import { leaveOutSecrets } from "@/lib/domain/saved-secret-fields";
import type { SavedKind } from "@/lib/domain/saved-shapes";
import { assertServerVisible, toolFor } from "./tool-schema";

export type StoredCall = { toolName: string; arguments: Record<string, unknown>; secretFields: string[] };

/**
 * The name and arguments to keep for a call of this kind. `name` is the tool's or the prompt's
 * name, or for a read its URI (`arguments.uri`, when given, wins: a file's name is redacted).
 */
export async function storedCall(
  kind: SavedKind,
  serverId: string,
  name: string,
  args: Record<string, unknown>,
  caller: Caller,
): Promise<StoredCall> {
  const redactKeys = appConfig().audit.redactKeys;
  if (kind === "call") {
    const tool = await toolFor(serverId, name, caller);
    return { toolName: name, ...leaveOutSecrets(args, tool.inputSchema, redactKeys) };
  }
  await assertServerVisible(serverId, caller);
  if (kind === "resource_read") {
    const uri = typeof args.uri === "string" ? args.uri : name;
    if (!uri.trim()) throw new AppError("bad_request:body", "A saved resource read needs the resource's URI.");
    // The URI names it in lists, as in the audit log: a password in it is taken out there.
    return { toolName: redactConnectionStrings(uri.includes(REDACTED) ? name : uri), ...leaveOutSecrets({ uri }, undefined, redactKeys) };
  }
  const notText = Object.entries(args)
    .filter(([, value]) => typeof value !== "string")
    .map(([key]) => key);
  if (notText.length)
    throw new AppError(
      "bad_request:body",
      `A prompt's arguments are text: ${notText.join(", ")} ${notText.length === 1 ? "is" : "are"} not.`,
    );
  return { toolName: name, ...leaveOutSecrets(args, undefined, redactKeys) };
}
