import "server-only";
// A chat's tool calls kept as a collection: each call the model made, under the server and tool
// it went to (a virtual server's pinned arguments included, as they were sent), saved as a new
// collection through the collection file's own import, so secrets are kept out as they are there.
import { z } from "zod";
import type { Caller } from "@/lib/domain/roles";
import { VIRTUAL_NAME } from "@/lib/domain/virtual-servers";
import { AppError } from "@/lib/errors";
import { viewFor } from "@/lib/gateway/tool-views";
import { COLLECTION_FILE_FORMAT, COLLECTION_FILE_VERSION } from "@/lib/saved/collection-file";
import type { CollectionView } from "@/lib/domain/saved-shapes";
import { importCollection } from "@/lib/saved/transfer";

export const SaveChatCallsSchema = z
  .object({
    name: z.string().trim().min(1, "A name is needed").max(120),
    model: z.string().max(200).optional(),
    servers: z.array(z.string().regex(VIRTUAL_NAME)).min(1).max(100).optional(),
    virtualServer: z.string().regex(VIRTUAL_NAME).optional(),
    calls: z
      .array(z.object({ tool: z.string().min(1).max(300), arguments: z.record(z.string(), z.unknown()) }).strict())
      .min(1, "The chat has no tool call to save")
      .max(200),
  })
  .strict();

export async function saveChatCalls(input: z.output<typeof SaveChatCallsSchema>, caller: Caller): Promise<{ collection: CollectionView }> {
  const view = viewFor(input);
  const calls = [];
  for (const [index, call] of input.calls.entries()) {
    const target = await view.resolve(caller, call.tool);
    if (!target) throw new AppError("not_found:tool", `${call.tool} is not a tool you may call through ${view.path}: nothing was saved.`);
    calls.push({
      name: `${index + 1}. ${target.toolName}`,
      server: target.connection.config.id,
      kind: "call" as const,
      tool: target.toolName,
      arguments: { ...call.arguments, ...target.pinned },
    });
  }
  return importCollection(
    {
      format: COLLECTION_FILE_FORMAT,
      version: COLLECTION_FILE_VERSION,
      name: input.name,
      description: `The tool calls ${input.model ?? "a model"} made in a chat in the playground.`,
      calls,
    },
    caller,
  );
}
