// Virtual servers (issue 34): a named MCP endpoint, /mcp/{name}, that an admin composes from chosen
// tools of several servers, each maybe renamed and with arguments pinned, so an agent sees only
// what it needs. Client-safe: the API checks with these schemas, and pages show the same words.
import { z } from "zod";

export const VIRTUAL_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;
/** A name a model may call: the spec's characters and length for tool names. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export const VirtualToolSchema = z
  .object({
    server: z.string().regex(VIRTUAL_NAME, "server: a server id"),
    tool: z.string().min(1).max(256),
    /** The name the agent sees; absent: {server}__{tool}. */
    as: z.string().regex(TOOL_NAME, "as: 1–128 letters, digits, '_', '-' or '.'").optional(),
    /** Arguments fixed by the admin: left out of the schema the agent sees, and sent whatever it sends. */
    arguments: z.record(z.string(), z.unknown()).optional(),
    /** A description the agent sees instead of the target's. */
    description: z.string().max(4_000).optional(),
  })
  .strict();
export type VirtualTool = z.infer<typeof VirtualToolSchema>;

export const VirtualServerSchema = z
  .object({
    title: z.string().trim().min(1).max(120).optional(),
    description: z.string().max(2_000).optional(),
    tools: z
      .array(VirtualToolSchema)
      .max(1_000)
      .superRefine((tools, ctx) => {
        const seen = new Set<string>();
        for (const [index, tool] of tools.entries()) {
          const name = tool.as ?? `${tool.server}__${tool.tool}`;
          if (seen.has(name)) ctx.addIssue({ code: "custom", path: [index, "as"], message: `two tools are named "${name}"` });
          seen.add(name);
        }
      }),
    /**
     * Servers whose resources, templates and prompts the endpoint serves too, named and wrapped as
     * /mcp names them ({server}__{prompt}, toolscope://{server}/{uri}); absent: tools only.
     */
    featuresOf: z.array(z.string().regex(VIRTUAL_NAME, "featuresOf: server ids")).max(200).optional(),
  })
  .strict();
export type VirtualServer = z.infer<typeof VirtualServerSchema>;

export type VirtualServerView = VirtualServer & { name: string; updatedAt: string; updatedBy: string | null };
