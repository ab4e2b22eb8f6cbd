import "server-only";
// The server's policy on risky tools, applied to a call before anything is recorded or sent:
// the same decision the tool panel shows (lib/domain/tool-policy.ts), so a script gets what
// the form would have refused it; and a tool held since its definition changed (lib/pins).
import { AppError } from "@/lib/errors";
import type { ServerConnection } from "@/lib/mcp/connection";
import type { Caller } from "@/lib/domain/mcp-types";
import { serverPolicy } from "@/lib/policy/policy-store";
import { callRequirement } from "@/lib/domain/tool-policy";
import { enforceDefinitionPin } from "@/lib/pins/definition-pins";

export async function enforceToolPolicy(
  connection: ServerConnection,
  call: { toolName: string; caller: Caller; reason?: string | undefined },
): Promise<void> {
  // A tool whose definition moved from the approved one, where the server holds such tools (lib/pins).
  await enforceDefinitionPin(connection, call.toolName);
  const policy = await serverPolicy(connection.config.id);
  if (!policy) return;
  // A tool not (yet) listed has no annotations to believe: the worst case applies.
  const tool = connection.findTool(call.toolName) ?? { name: call.toolName };
  const requirement = callRequirement(policy, tool, connection.config.trusted, call.caller.role);
  if (!requirement.allowed) throw new AppError("forbidden:tool_policy", requirement.because ?? undefined);
  if (requirement.reasonRequired && !call.reason?.trim())
    throw new AppError("bad_request:reason", `${requirement.because} Send it as "reason".`);
}
