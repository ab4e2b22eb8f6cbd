// OAuth for agents through the real front door, on SQLite (test/agent-oauth-suite.ts).
import { describeAgentOAuth } from "@/test/agent-oauth-suite";

describeAgentOAuth("sqlite");
