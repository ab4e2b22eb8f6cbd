// Dynamic client registration's limits, on SQLite (test/client-registration-suite.ts).
import { describeRegistrationLimits } from "@/test/client-registration-suite";

describeRegistrationLimits("sqlite");
