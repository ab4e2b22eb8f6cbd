"use client";

import type { ReactNode } from "react";
import { AdminPanel } from "@/components/servers/admin-panel";
import { AuthorizeButton } from "@/components/servers/authorize-button";
import { OAuthPanel } from "@/components/servers/oauth-panel";
import { RpcConsole } from "@/components/servers/rpc-console";
import { StderrTail } from "@/components/servers/stderr-tail";
import { ToolPolicyPanel } from "@/components/servers/tool-policy-panel";
import { Markdown } from "@/components/ui/markdown";
import { GradeBadge } from "@/components/report/grade-badge";
import { CapabilityBadges, PingButton, RootsOffered, ServerIdentity } from "@/components/features/server-voice";
import { ServerLogPanel } from "@/components/features/server-log";
import { TasksPanel } from "@/components/features/tasks-panel";
import { useCan } from "@/components/auth/viewer";
import { isAppOnly } from "@/lib/domain/app-ui";
import { useCatalog } from "./catalog-context";
import { FailurePanel } from "./failure-panel";
import { StatusDot } from "./status-dot";
import { TRUSTED_MEANS, UNTRUSTED_MEANS } from "./trust-toggle";

/** Whether the server runs tools as tasks (2025-11-25 tasks.requests.tools.call). */
function runsTasks(capabilities: Record<string, unknown> | null): boolean {
  const tasks = capabilities?.tasks as { requests?: { tools?: { call?: unknown } } } | undefined;
  return Boolean(tasks?.requests?.tools?.call);
}

function Row({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <div className="grid grid-cols-[160px_1fr] gap-4 border-b border-zinc-100 py-2 text-[13px] last:border-0 dark:border-zinc-900">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function ServerOverview(): ReactNode {
  const { data, error, arriving } = useCatalog();
  // What a server logged can hold what its calls carried: shown to those who may call it.
  const mayCall = useCan("tools:call");
  if (error) return <p className="p-8 text-sm text-rose-600">{error}</p>;
  if (!data) return <p className="p-8 text-sm text-muted">Connecting…</p>;
  const { server } = data;
  // The catalog leaves out tools only an MCP App may call; say so, so the two counts agree.
  const appOnly = data.tools.filter(isAppOnly).length;
  // Set while failing, retries included: the page stays on the failure until the server connects.
  const failing = server.failedAt !== null && (server.status === "failed" || server.status === "connecting");
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-8" data-testid="server-overview">
      <div className="flex items-center gap-2">
        <StatusDot status={server.status} />
        <h1 className="text-lg font-semibold tracking-tight">{server.serverInfo?.title ?? server.name}</h1>
        {server.protocolVersion && (
          <span
            className="rounded border border-zinc-200 px-1.5 py-0.5 font-mono text-[11px] text-muted dark:border-zinc-800"
            data-testid="protocol-version"
          >
            {server.protocolVersion}
          </span>
        )}
        {server.toolsUpdatedAt && <GradeBadge serverId={server.id} refreshKey={server.toolsUpdatedAt} />}
      </div>
      {server.status === "ready" && (
        <p className="mt-1 text-sm text-muted">
          {data.tools.length > 0 ? (
            <>
              Pick a tool <span className="hidden md:inline">on the left</span>
              <span className="md:hidden">from ☰ Tools above</span> to see its schema and run it.
            </>
          ) : (
            "This server lists no tools."
          )}
        </p>
      )}
      {failing && <FailurePanel server={server} />}
      <dl className="mt-6 rounded-lg border border-zinc-200 px-4 dark:border-zinc-800">
        <Row label="Status">
          {server.status === "unauthorized" ? (
            <span className="flex flex-wrap items-center gap-3">
              <span data-testid="authorization-required">
                authorization required{server.oauth?.scope ? ` (scope: ${server.oauth.scope})` : ""}
              </span>
              <AuthorizeButton serverId={server.id} testId="overview-authorize" />
            </span>
          ) : (
            server.status
          )}
        </Row>
        <Row label="Server">
          <ServerIdentity server={server} />
        </Row>
        <Row label="Transport">
          {server.transport} · <span className="font-mono text-xs">{server.target}</span>
        </Row>
        <Row label="Protocol revision">{server.protocolVersion ?? "—"}</Row>
        <Row label="Capabilities">
          <CapabilityBadges capabilities={server.capabilities} />
        </Row>
        {server.status === "ready" && (
          <Row label="Ping">
            {/* 2026-07-28 has no ping: a sessionless revision has no session to keep alive. */}
            {server.protocolVersion && server.protocolVersion >= "2026-07-28" ? (
              <span className="text-muted" data-testid="ping-unsupported">
                not in revision {server.protocolVersion}
              </span>
            ) : (
              <PingButton serverId={server.id} />
            )}
          </Row>
        )}
        <Row label="Tools">
          {data.tools.length}
          {arriving !== null && " so far, still listing"}
          {appOnly > 0 && (
            <span className="text-zinc-600 dark:text-zinc-400" data-testid="overview-app-only">
              {` (${appOnly} only for MCP Apps, not listed in the catalog)`}
            </span>
          )}
          {data.invalid.length > 0 && <span className="text-rose-700 dark:text-rose-400"> · {data.invalid.length} invalid</span>}
          {Object.keys(data.lint).length > 0 && (
            <span className="text-amber-700 dark:text-amber-400"> · {Object.keys(data.lint).length} with lint warnings</span>
          )}
        </Row>
        <Row label="Roots offered">
          <RootsOffered config={server.config} />
        </Row>
        <Row label="Trust">
          <span data-testid="overview-trust">
            {server.trusted ? "Trusted: " : "Not trusted: "}
            <span className="text-muted">{server.trusted ? TRUSTED_MEANS : UNTRUSTED_MEANS}</span>
          </span>
        </Row>
      </dl>
      {server.instructions && (
        <section className="mt-6">
          <h2 className="text-sm font-semibold">Instructions</h2>
          <Markdown source={server.instructions} className="mt-2 text-[13px] text-zinc-600 dark:text-zinc-300" />
        </section>
      )}
      <OAuthPanel server={server} />
      {server.transport === "stdio" && !failing && (
        <AdminPanel title="stderr" testId="stderr-panel">
          <StderrTail serverId={server.id} refreshKey={server.status} />
        </AdminPanel>
      )}
      {server.status === "ready" && mayCall && runsTasks(server.capabilities) && <TasksPanel serverId={server.id} />}
      {server.status === "ready" && mayCall && <ServerLogPanel serverId={server.id} />}
      <ToolPolicyPanel serverId={server.id} tools={data.tools} />
      {server.status === "ready" && <RpcConsole serverId={server.id} />}
    </div>
  );
}
