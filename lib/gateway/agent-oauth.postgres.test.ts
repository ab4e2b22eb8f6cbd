// OAuth for agents through the real front door, on PostgreSQL (test/agent-oauth-suite.ts).
import { describeAgentOAuth } from "@/test/agent-oauth-suite";

describeAgentOAuth("postgres");
