// The person in the loop, on SQLite (test/approval-safety.ts).
import { describeApprovalSafety } from "@/test/approval-safety";

describeApprovalSafety("sqlite");
