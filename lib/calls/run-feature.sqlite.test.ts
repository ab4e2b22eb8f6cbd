// Resource reads and prompt gets through the pipeline, audited in SQLite (test/feature-calls.ts).
import { describeFeatureCalls } from "@/test/feature-calls";

describeFeatureCalls("sqlite");
