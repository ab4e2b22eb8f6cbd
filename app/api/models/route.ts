import { respond } from "@/lib/http/respond";
import { availableModels } from "@/lib/models/providers";

export const dynamic = "force-dynamic";

/** The model providers the environment configures (never their keys) and their models, provider/model. */
export async function GET(): Promise<Response> {
  return respond(() => availableModels());
}
