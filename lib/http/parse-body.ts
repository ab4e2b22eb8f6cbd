import "server-only";
// Reads a JSON request body and checks it against a zod schema, failing with the one error model.
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { describeIssues } from "./zod-issues";

export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let text: string;
  try {
    text = await request.text();
  } catch {
    throw new AppError("bad_request:body", "The request body could not be read.");
  }
  return parseJsonBody(text, schema);
}

/** The same check on a body already read as text (the front door reads Node's stream). */
export function parseJsonBody<S extends z.ZodType>(text: string, schema: S): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError("bad_request:body", "The request body must be JSON.");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError("bad_request:body", describeIssues(parsed.error));
  }
  return parsed.data;
}
