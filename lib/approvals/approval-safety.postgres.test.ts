// The person in the loop, on PostgreSQL (test/approval-safety.ts).
import { describeApprovalSafety } from "@/test/approval-safety";

describeApprovalSafety("postgres");
