// Arguments are stored, redacted and hashed by code that walks them; a value nested thousands
// of levels deep would overflow those walks. No real tool needs more than a few dozen levels.
import { AppError } from "@/lib/errors";

export const MAX_ARGUMENT_DEPTH = 64;

function depthExceeds(value: unknown, limit: number): boolean {
  // Iterative, so that measuring the depth cannot itself overflow the stack.
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Refuses arguments or _meta nested deeper than MAX_ARGUMENT_DEPTH, with a 400 that says so. */
export function checkArgumentDepth(what: "arguments" | "_meta", value: unknown): void {
  if (depthExceeds(value, MAX_ARGUMENT_DEPTH)) {
    throw new AppError(
      "bad_request:arguments",
      `The ${what} are nested more than ${MAX_ARGUMENT_DEPTH} levels deep; Toolscope refuses them.`,
    );
  }
}
