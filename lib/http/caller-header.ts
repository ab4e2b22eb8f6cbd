// The header on which the front door hands the verified caller to Next's route handlers.
// The front door overwrites it on every request, so a client cannot choose its value.
import type { Caller } from "@/lib/domain/roles";

export const CALLER_HEADER = "x-toolscope-caller";

/**
 * The caller as the header's value: JSON with every character outside printable ASCII written
 * as a \u escape. A header value is a string of bytes: Next copies the request's headers into a
 * web Headers object, which throws on a character above U+00FF (a name such as "Łukasz" or an
 * address with "李" made every request of that person a 500). The escaped JSON is still JSON,
 * so JSON.parse reads back exactly the caller written.
 */
export function encodeCaller(caller: Caller): string {
  return JSON.stringify(caller).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function decodeCaller(value: string): Caller {
  return JSON.parse(value) as Caller;
}
