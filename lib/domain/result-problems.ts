// What in a tool result breaks the protocol, as the server and the browser both see it.
// No server-only imports: the result view reads it.

/** One part of a result that breaks the protocol: where (`content[2]`, `isError`, …) and why. */
export type ResultProblem = { path: string; reason: string };

/** The index of each malformed content block, for the result view. */
export function malformedBlocks(problems: readonly ResultProblem[] | undefined): Map<number, string> {
  const byIndex = new Map<number, string>();
  for (const { path, reason } of problems ?? []) {
    const match = /^content\[(\d+)\]$/.exec(path);
    if (match) byIndex.set(Number(match[1]), reason);
  }
  return byIndex;
}
