// PUT /api/model-judge: the one schema the handler parses and the Models page sends (lib/domain/model-judge.ts).
export { JudgeSettingSchema as JudgeSettingBodySchema } from "@/lib/domain/model-judge";
