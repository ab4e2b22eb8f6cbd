import "server-only";
// Reads a JSON request body and checks it against a zod schema, failing with the one error model.
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { describeIssues } from "./zod-issues";

export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    throw new AppError("bad_request:body", "The request body must be JSON.");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError("bad_request:body", describeIssues(parsed.error));
  }
  return parsed.data;
}
