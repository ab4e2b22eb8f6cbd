// Whether MCP Apps' sandbox is listening in this process, and why not: pages frame it, and the
// app route offers apps, only while it is (a sandbox port someone else holds must never be framed).
import { processWide } from "@/lib/process-wide";

export const sandboxState = processWide("apps-sandbox", () => ({
  listening: false,
  off: "the sandbox has not started yet" as string | null,
}));
