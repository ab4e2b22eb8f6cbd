import "server-only";
// A request's query string checked against a zod schema, failing with the one error model.
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { describeIssues } from "./zod-issues";

export function parseSearchParams<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    throw new AppError("bad_request:body", `Invalid query: ${describeIssues(parsed.error)}`);
  }
  return parsed.data;
}
