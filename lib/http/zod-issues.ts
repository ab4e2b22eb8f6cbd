// A zod error as one line a person can act on: "field.path: message; …".
import type { z } from "zod";

export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
}
