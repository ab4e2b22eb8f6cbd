import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { availableModels } from "@/lib/models/providers";

export const dynamic = "force-dynamic";

/** The model providers this person may use (the environment's, shared ones, their own; never a key) and their models, provider/model. */
export async function GET(request: Request) {
  return respond(() => availableModels(callerOf(request)));
}
