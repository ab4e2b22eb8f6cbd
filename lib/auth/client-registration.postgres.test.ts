// Dynamic client registration's limits, on PostgreSQL (test/client-registration-suite.ts).
import { describeRegistrationLimits } from "@/test/client-registration-suite";

describeRegistrationLimits("postgres");
