// The environment a stdio server is spawned with: a short whitelist of the variables a
// process needs to run (the SDK's own list), plus what the server's config sets. Never
// all of Toolscope's environment, which may hold database URLs and tokens.
import { getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";

export function stdioEnvironment(configured: Record<string, string>): Record<string, string> {
  return { ...getDefaultEnvironment(), ...configured };
}
