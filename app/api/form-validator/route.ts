import { z } from "zod";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { precompileValidator } from "@/lib/json-schema/precompile-validator";

export const dynamic = "force-dynamic";

const BodySchema = z.object({ schema: z.record(z.string(), z.unknown()) }).strict();

/**
 * A form's JSON Schema compiled into validator code (a CommonJS module), which the browser
 * runs without 'unsafe-eval'; components/invoke/form-validator.ts loads it.
 */
export async function POST(request: Request) {
  let code: string;
  try {
    const { schema } = await parseBody(request, BodySchema);
    code = await precompileValidator(schema);
  } catch (error) {
    return respond(() => Promise.reject(error));
  }
  return new Response(code, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    },
  });
}
