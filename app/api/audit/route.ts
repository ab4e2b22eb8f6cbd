import { z } from "zod";
import { AppError } from "@/lib/errors";
import { respond } from "@/lib/http/respond";
import { listAudit } from "@/lib/audit/query";

export const dynamic = "force-dynamic";

const QuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: z
    .string()
    .regex(/^[0-9a-z]+$/)
    .optional(),
  server: z.string().optional(),
  tool: z.string().optional(),
});

export async function GET(request: Request): Promise<Response> {
  return respond(async () => {
    const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success)
      throw new AppError(
        "bad_request:body",
        "Invalid audit query: " + query.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; "),
      );
    return listAudit(query.data);
  });
}
