import type { Metadata } from "next";
import Link from "next/link";
import { Cell, DataTable, Row } from "@/components/ui/table";
import type { ReactNode } from "react";
import { agentsSeen } from "@/lib/audit";
import { ACTIVITY_RECORDS } from "@/lib/audit/agent-activity";
import { authMode } from "@/lib/auth/mode";
import { CALL_OUTCOMES, type CallOutcome } from "@/lib/domain/outcomes";
import { openAgentSessions } from "@/lib/gateway/gateway-http";
import { connectCommand } from "@/lib/gateway/connect-command";
import { pageCaller } from "@/lib/http/page-caller";
import { auditReaderFor } from "@/lib/mcp/server-access";
import { can } from "@/lib/domain/roles";
import { VirtualServersPanel } from "@/components/agents/virtual-servers-panel";
import { CopyButton } from "@/components/ui/copy-button";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Agents" };

const CELL = "py-1.5 pr-3 align-top";
const LINK = "text-indigo-600 underline dark:text-indigo-400";

function outcome(value: string): ReactNode {
  const known = (CALL_OUTCOMES as Record<string, { label: string; text: string } | undefined>)[value as CallOutcome];
  return <span className={known?.text ?? "text-muted"}>{known?.label ?? value}</span>;
}

export default async function AgentsPage(): Promise<ReactNode> {
  const caller = await pageCaller();
  const [agents, mode] = await Promise.all([agentsSeen(await auditReaderFor(caller)), authMode()]);
  const sessions = (await openAgentSessions()).filter((s) => caller.role === "admin" || s.personId === caller.userId);
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8">
        <h1 className="text-lg font-semibold tracking-tight">Agents</h1>
        <p className="mt-1 text-sm text-muted">
          Agents reach every server&apos;s tools through Toolscope&apos;s MCP endpoint, as the person who connected them; risky calls wait
          on the{" "}
          <Link href="/approvals" className={LINK}>
            Approvals
          </Link>{" "}
          page. Connect one:
        </p>
        <div className="mt-2 flex items-start gap-2">
          <pre
            tabIndex={0}
            aria-label="The command that connects Claude Code to Toolscope"
            className="min-w-0 flex-1 overflow-x-auto rounded-md bg-zinc-50 p-2 font-mono text-[12px] focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none dark:bg-zinc-900"
            data-testid="agents-connect"
          >
            {connectCommand(mode)}
          </pre>
          <CopyButton text={connectCommand(mode)} label="Copy command" testId="agents-connect-copy" />
        </div>

        <section className="mt-8" aria-labelledby="agents-seen">
          <h2 id="agents-seen" className="text-sm font-semibold">
            Agents seen
          </h2>
          <p className="mt-1 text-xs text-muted">From the newest {ACTIVITY_RECORDS.toLocaleString("en")} agent calls in the audit log.</p>
          {agents.length === 0 ? (
            <p className="mt-3 text-sm text-muted" data-testid="agents-empty">
              No agent has called a tool through <code className="font-mono text-[12px]">/mcp</code> yet.
            </p>
          ) : (
            <div className="mt-2">
              <DataTable
                label="Agents seen"
                columns={["Agent", "Person", "Calls", "Failed", "Last call"]}
                minWidth="min-w-[44rem]"
                testId="agents-table"
              >
                {agents.map((agent) => (
                  <Row
                    key={`${agent.via}-${agent.person.actor}`}
                    className="border-t border-zinc-100 dark:border-zinc-900"
                    data-testid="agent-row"
                  >
                    <Cell className={CELL}>
                      <Link href={`/audit?via=${encodeURIComponent(agent.via)}`} className={`${LINK} font-mono text-[12px]`}>
                        {agent.client}
                      </Link>
                    </Cell>
                    <Cell className={CELL}>{agent.person.name ?? agent.person.actor}</Cell>
                    <Cell className={`${CELL} tabular-nums`}>{agent.calls}</Cell>
                    <Cell className={`${CELL} tabular-nums`}>{agent.failures}</Cell>
                    <Cell className={CELL}>
                      <Link href={`/audit?selected=${agent.last.auditId}`} className={`${LINK} font-mono text-[12px]`}>
                        {agent.last.serverId}__{agent.last.toolName}
                      </Link>{" "}
                      {outcome(agent.last.outcome)}{" "}
                      <time dateTime={agent.last.at} className="block text-xs text-muted">
                        {new Date(agent.last.at).toLocaleString("en-GB", { timeZone: "UTC" })} UTC
                      </time>
                    </Cell>
                  </Row>
                ))}
              </DataTable>
            </div>
          )}
        </section>

        <VirtualServersPanel mayEdit={can(caller, "servers:manage")} />

        <section className="mt-8" aria-labelledby="agents-connected">
          <h2 id="agents-connected" className="text-sm font-semibold">
            Connected now
          </h2>
          <p className="mt-1 text-xs text-muted">
            Agents on the 2025 revisions hold a session (on this Toolscope process); those on 2026-07-28 hold none and show by their calls.
          </p>
          {sessions.length === 0 ? (
            <p className="mt-3 text-sm text-muted">No session is open.</p>
          ) : (
            <ul className="mt-2 space-y-1 text-[13px]" data-testid="agents-sessions">
              {sessions.map((session, index) => (
                <li key={index}>
                  <span className="font-mono text-[12px]">{session.client}</span> <span className="text-muted">for</span> {session.person}{" "}
                  <span className="text-xs text-muted">
                    last request {new Date(session.lastSeen).toLocaleTimeString("en-GB", { timeZone: "UTC" })} UTC
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
