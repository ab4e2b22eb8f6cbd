import { respond } from "@/lib/http/respond";
import { health } from "@/lib/health";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return respond(health);
}
