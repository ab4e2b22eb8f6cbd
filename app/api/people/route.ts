import { invitePerson, listPeople } from "@/lib/auth/people";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { InviteBodySchema } from "./schema";

export const dynamic = "force-dynamic";

export async function GET() {
  return respond(async () => ({ people: await listPeople() }));
}

export async function POST(request: Request) {
  return respond(async () => invitePerson(await parseBody(request, InviteBodySchema), callerOf(request)), { status: 201 });
}
