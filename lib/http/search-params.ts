import "server-only";
// A request's query string checked against a zod schema, failing with the one error model.
import type { z } from "zod";
import { AppError } from "@/lib/errors";

export function parseSearchParams<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    throw new AppError(
      "bad_request:body",
      "Invalid query: " + parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; "),
    );
  }
  return parsed.data;
}
