import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { VIRTUAL_NAME, VirtualServerSchema } from "@/lib/domain/virtual-servers";
import { removeVirtualServer } from "@/lib/gateway/virtual-store";
import { composeVirtualServer, virtualServerFor } from "@/lib/gateway/virtual-servers";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ name: string }> };

const NameSchema = z.string().regex(VIRTUAL_NAME, "A virtual server's name is 1–63 lowercase letters, digits, '-' and '_'.");

export async function GET(request: Request, { params }: Params) {
  const { name } = await params;
  return respond(() => virtualServerFor(name, callerOf(request)));
}

/**
 * Creates or replaces a virtual server: its chosen tools, renamed, with arguments pinned. With
 * `If-None-Match: *`, only creates: a name in use is refused (409) rather than replaced.
 */
export async function PUT(request: Request, { params }: Params) {
  const { name } = await params;
  const createOnly = request.headers.get("if-none-match")?.trim() === "*";
  return respond(async () =>
    composeVirtualServer(NameSchema.parse(name), await parseBody(request, VirtualServerSchema), callerOf(request), { createOnly }),
  );
}

export async function DELETE(request: Request, { params }: Params) {
  const { name } = await params;
  return respond(async () => {
    await removeVirtualServer(name, callerOf(request));
    return { removed: name };
  });
}
