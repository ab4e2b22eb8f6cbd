// Resource reads and prompt gets through the pipeline, audited in PostgreSQL (test/feature-calls.ts).
import { appOnPostgres } from "@/test/app-on-postgres";
import { describeFeatureCalls } from "@/test/feature-calls";

appOnPostgres("toolscope_features");
describeFeatureCalls("postgres");
