// The home page: what Toolscope is in one line, a way to add a server by pasting what one has,
// the servers already here one click from their catalogs, and three places to start.
import Link from "next/link";
import type { ReactNode } from "react";
import { StatusDot } from "@/components/catalog/status-dot";
import type { ServerSnapshot } from "@/lib/domain/mcp-types";
import { AddServerHere } from "./add-server-here";

type Start = { href: string; title: string; text: string; testId: string };

function startingPoints(servers: ServerSnapshot[], canAudit: boolean): Start[] {
  const demo = servers.find((s) => s.id === "demo" && s.status === "ready");
  const first = demo ?? servers.find((s) => s.status === "ready") ?? servers[0];
  const starts: Start[] = [];
  if (first)
    starts.push({
      href: demo ? "/servers/demo/tools/get_weather" : `/servers/${encodeURIComponent(first.id)}`,
      title: "Run a tool",
      text: demo
        ? "The demo's weather tool: fill the form, run it, read the result."
        : `Open ${first.name}'s catalog and run one of its tools.`,
      testId: "start-run",
    });
  if (canAudit)
    starts.push({
      href: "/audit",
      title: "See the audit log",
      text: "Every call, who made it, what went in and came out, in a hash chain.",
      testId: "start-audit",
    });
  starts.push({
    href: "/saved",
    title: "Present a collection",
    text: "Save calls into a collection, then step through it full screen.",
    testId: "start-present",
  });
  return starts;
}

export function Welcome({ servers, canManage, canAudit }: { servers: ServerSnapshot[]; canManage: boolean; canAudit: boolean }): ReactNode {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-8" data-testid="welcome">
        <h1 className="text-xl font-semibold tracking-tight">Toolscope</h1>
        <p className="mt-1 text-[15px] text-zinc-600 dark:text-zinc-300">
          See the tools of any MCP server, run them from real forms, and keep an audit log of every call.
        </p>

        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_300px]">
          <section aria-labelledby="add-heading">
            <h2 id="add-heading" className="text-sm font-semibold">
              Add a server
            </h2>
            {canManage ? (
              <>
                <p className="mt-1 mb-3 text-[13px] text-zinc-600 dark:text-zinc-400">
                  Paste the command line, URL or <code className="font-mono">mcpServers</code> snippet from its README; Toolscope fills in
                  the rest.
                </p>
                <AddServerHere />
              </>
            ) : (
              <p className="mt-1 text-[13px] text-zinc-600 dark:text-zinc-400">Servers are added by an admin. Pick one of those below.</p>
            )}
          </section>

          <section aria-labelledby="servers-heading" className="order-first lg:order-none">
            <h2 id="servers-heading" className="text-sm font-semibold">
              Servers
            </h2>
            {servers.length === 0 ? (
              <p className="mt-2 text-[13px] text-zinc-600 dark:text-zinc-400">
                None yet. The bundled demo server is switched off (<code className="font-mono">TOOLSCOPE_DEMO_SERVER=off</code>).
              </p>
            ) : (
              <ul className="mt-2 space-y-2" data-testid="home-servers">
                {servers.map((s) => (
                  <li key={s.id}>
                    <Link
                      href={`/servers/${encodeURIComponent(s.id)}`}
                      data-testid="home-server"
                      data-server-id={s.id}
                      className="block rounded-lg border border-zinc-200 px-3 py-2 hover:border-indigo-400 hover:bg-indigo-50/40 dark:border-zinc-800 dark:hover:border-indigo-700 dark:hover:bg-indigo-950/30"
                    >
                      <span className="flex items-center gap-2 text-[13px] font-medium">
                        <StatusDot status={s.status} />
                        <span className="truncate">{s.serverInfo?.title ?? s.name}</span>
                      </span>
                      <span className="mt-0.5 block truncate text-xs text-zinc-600 dark:text-zinc-400">
                        {s.status === "ready"
                          ? `${s.toolCount} tools${s.invalidToolCount ? ` (+${s.invalidToolCount} invalid)` : ""} · ${s.protocolVersion ?? ""}`
                          : s.status === "failed"
                            ? `Not connected: ${s.error ?? "failed"}`
                            : s.status}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <section aria-labelledby="start-heading" className="mt-10">
          <h2 id="start-heading" className="text-sm font-semibold">
            Start here
          </h2>
          <ul className="mt-2 grid gap-3 sm:grid-cols-3">
            {startingPoints(servers, canAudit).map((start) => (
              <li key={start.href}>
                <Link
                  href={start.href}
                  data-testid={start.testId}
                  className="block h-full rounded-lg border border-zinc-200 p-4 hover:border-indigo-400 dark:border-zinc-800 dark:hover:border-indigo-700"
                >
                  <span className="block text-[13px] font-semibold text-indigo-700 dark:text-indigo-300">{start.title} →</span>
                  <span className="mt-1 block text-xs text-zinc-600 dark:text-zinc-400">{start.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
