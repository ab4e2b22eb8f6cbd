// The model judge through a real HTTP model endpoint, on SQLite (test/model-judge-endpoint.ts).
import { describeModelJudgeEndpoint } from "@/test/model-judge-endpoint";

describeModelJudgeEndpoint("sqlite");
