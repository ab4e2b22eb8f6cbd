import { createTokenFor, listTokens } from "@/lib/auth/personal-tokens";
import { AppError } from "@/lib/errors";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { CreateTokenBodySchema } from "./schema";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return respond(async () => {
    const { userId } = callerOf(request);
    if (!userId) throw new AppError("bad_request:no_account");
    return { tokens: await listTokens(userId) };
  });
}

/** Answers the token's secret once; only its hash is kept. */
export async function POST(request: Request) {
  return respond(async () => createTokenFor(callerOf(request), await parseBody(request, CreateTokenBodySchema)), { status: 201 });
}
