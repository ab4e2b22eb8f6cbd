import { changePerson } from "@/lib/auth/people";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { ChangePersonBodySchema } from "../schema";

export const dynamic = "force-dynamic";

export async function PATCH(request: Request, { params }: { params: Promise<{ userId: string }> }) {
  const { userId } = await params;
  return respond(async () => ({ person: await changePerson(userId, await parseBody(request, ChangePersonBodySchema), callerOf(request)) }));
}
