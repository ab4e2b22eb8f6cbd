import "server-only";
// A tool's MCP App as the page needs it: the HTML of the ui:// resource the tool names, read
// with resources/read through Toolscope's connection (the browser never talks to the server),
// the CSP and permissions it declares, and where the sandbox is.
import { z } from "zod";
import type { Caller } from "@/lib/domain/roles";
import { appConfig } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { toolUi } from "@/lib/domain/app-ui";
import { connectionFor } from "@/lib/mcp/pool";
import { AppCspSchema, type AppCsp } from "./sandbox-csp";
import { sandboxState } from "./sandbox-state";

const MAX_HTML_BYTES = 5 * 1024 * 1024;
const READ_TIMEOUT_MS = 15_000;

export type ToolApp = {
  resourceUri: string;
  html: string;
  csp: AppCsp;
  /** What the resource asks for (camera, microphone, …): shown, never granted (the sandbox allows none). */
  permissions: Record<string, unknown>;
  prefersBorder: boolean | null;
  /** The sandbox page, on Toolscope's second origin. */
  sandboxUrl: string;
};

const ContentSchema = z
  .object({
    uri: z.string(),
    mimeType: z.string().optional(),
    text: z.string().optional(),
    blob: z.string().optional(),
    _meta: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();
const ReadResultSchema = z.object({ contents: z.array(z.unknown()) }).passthrough();

function uiMeta(meta: Record<string, unknown> | undefined): Record<string, unknown> {
  const ui = meta?.ui;
  return typeof ui === "object" && ui !== null ? (ui as Record<string, unknown>) : {};
}

export async function toolApp(serverId: string, toolName: string, caller: Caller): Promise<ToolApp> {
  // A server hidden from the caller was answered 404 already, by the front door (a :serverId route).
  if (!sandboxState.listening)
    throw new AppError("unavailable:sandbox", `MCP Apps are off in this Toolscope: ${sandboxState.off ?? "its sandbox is not listening"}.`);
  const connection = await connectionFor(serverId, caller);
  const client = await connection.ready().catch(() => {
    if (connection.snapshot().status === "unauthorized") throw new AppError("forbidden:server_authorization");
    throw new AppError("unavailable:server", `Server "${serverId}" is not connected.`);
  });
  const tool = connection.findTool(toolName);
  if (!tool) throw new AppError("not_found:tool", `Server "${serverId}" has no tool named "${toolName}".`);
  const ui = toolUi(tool);
  if (!ui) throw new AppError("not_found:app", `The tool "${toolName}" has no app.`);
  let answer: unknown;
  try {
    answer = await client.request({ method: "resources/read", params: { uri: ui.resourceUri } }, z.unknown(), {
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    });
  } catch (error) {
    // The server's own JSON-RPC error is its answer; anything else (the connection) goes to the log only.
    if (typeof (error as { code?: unknown }).code === "number")
      throw new AppError(
        "bad_gateway:server",
        `The server refused to give the app's resource ${ui.resourceUri}: ${(error as Error).message}`,
      );
    console.error(`[toolscope] reading ${ui.resourceUri} from ${serverId} failed:`, error);
    throw new AppError(
      "bad_gateway:server",
      `The server did not give the app's resource ${ui.resourceUri} (the details are in Toolscope's log).`,
    );
  }
  const parsed = ReadResultSchema.safeParse(answer);
  const content = parsed.success ? parsed.data.contents.map((c) => ContentSchema.safeParse(c)).find((c) => c.success)?.data : undefined;
  if (!content) throw new AppError("not_found:app", `The server answered resources/read for ${ui.resourceUri} with no content.`);
  if (content.mimeType && !/^text\/html\b/i.test(content.mimeType))
    throw new AppError("not_found:app", `The app's resource is ${content.mimeType}, not HTML (text/html;profile=mcp-app).`);
  const html = content.text ?? (content.blob ? Buffer.from(content.blob, "base64").toString("utf8") : "");
  if (!html) throw new AppError("not_found:app", `The app's resource ${ui.resourceUri} is empty.`);
  if (Buffer.byteLength(html) > MAX_HTML_BYTES)
    throw new AppError("not_found:app", "The app's HTML is larger than Toolscope renders (5 MiB).");
  const meta = uiMeta(content._meta);
  const csp = AppCspSchema.safeParse(meta.csp ?? {});
  if (csp.success && JSON.stringify(csp.data).length > 8_000)
    throw new AppError("not_found:app", "The app declares more CSP domains than Toolscope passes on to its sandbox.");
  return {
    resourceUri: ui.resourceUri,
    html,
    csp: csp.success ? csp.data : {},
    permissions: typeof meta.permissions === "object" && meta.permissions !== null ? (meta.permissions as Record<string, unknown>) : {},
    prefersBorder: typeof meta.prefersBorder === "boolean" ? meta.prefersBorder : null,
    sandboxUrl: `${appConfig().sandbox.origin}/sandbox`,
  };
}
