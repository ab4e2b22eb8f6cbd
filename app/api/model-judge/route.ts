import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { changeJudgeSetting, judgeSettingView } from "@/lib/report/judge-setting";
import { JudgeSettingBodySchema } from "./schema";

export const dynamic = "force-dynamic";

/** Which model judges new and changed tool definitions for poisoning (or none), its rubric's version and threshold. */
export async function GET(request: Request) {
  return respond(() => judgeSettingView(callerOf(request)));
}

/** An admin chooses the judge's model (`provider/model` from the environment's or a shared provider), or none (`null`). */
export async function PUT(request: Request) {
  return respond(async () => changeJudgeSetting(callerOf(request), await parseBody(request, JudgeSettingBodySchema)));
}
