import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { listSuites, saveSuite } from "@/lib/evals/eval-store";

export const dynamic = "force-dynamic";

/** Every eval suite, with its last run's figures. */
export async function GET() {
  return respond(() => listSuites());
}

/** A new suite: the body is a suite file (docs/evals.md). */
export async function POST(request: Request) {
  return respond(async () => saveSuite(await parseBody(request, z.unknown()), callerOf(request)), { status: 201 });
}
