import "server-only";
// The one command the pages show for connecting an agent (Claude Code's, the commonest), so that
// they never disagree: bare on a laptop and where agents authorize by OAuth (the agent opens the
// sign-in page itself), with a personal token where they cannot.
import { agentOAuthAvailable, GATEWAY_PATH } from "@/lib/auth/agent-oauth";
import type { AuthMode } from "@/lib/auth/mode";
import { appConfig } from "@/lib/config/env";

export function connectCommand(mode: AuthMode): string {
  const command = `claude mcp add --transport http toolscope ${appConfig().publicUrl}${GATEWAY_PATH}`;
  if (mode === "local" || (mode === "accounts" && agentOAuthAvailable())) return command;
  // Nobody has an account yet: the bootstrap token is the only credential there is.
  const token = mode === "token" ? "$TOOLSCOPE_API_TOKEN" : "<a personal token with the call scope>";
  return `${command} --header "Authorization: Bearer ${token}"`;
}
