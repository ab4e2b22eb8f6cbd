// MCP's log levels (RFC 5424's syslog severities), least severe first: what the server log's
// filter offers, and what the gateway relays at or above an agent's level. Free of the SDK so a
// client component may use it; a test holds it to the SDK's LoggingLevelSchema.
import type { LoggingLevel } from "@modelcontextprotocol/client";

export const LOG_LEVELS = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
] as const satisfies readonly LoggingLevel[];

/** A level's rank (0 for debug); a level this list does not know ranks as debug. */
export function logSeverity(level: string): number {
  return Math.max(0, (LOG_LEVELS as readonly string[]).indexOf(level));
}
