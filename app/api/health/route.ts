import { anyCallerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { health } from "@/lib/health";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return respond(() => health(anyCallerOf(request)));
}
