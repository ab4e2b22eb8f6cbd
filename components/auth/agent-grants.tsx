"use client";

// The account page's list of the agents a person allowed, by OAuth, to act as them through
// /mcp (lib/auth/agent-grants.ts), each with Revoke: the agent stops at once.
import { Button } from "@/components/ui/button";
import { useCallback, type ReactNode } from "react";
import { PANEL_SECTION } from "@/components/ui/classes";
import { useApiData } from "@/components/ui/use-api-data";
import { api } from "@/components/api/client";
import { ErrorNote } from "@/components/ui/error-note";

const SCOPE_WORDS: Record<string, string> = { read: "see tools", call: "call tools", offline_access: "stay connected" };

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function AgentGrants(): ReactNode {
  const load = useCallback(async () => (await api("GET /api/account/agents")).agents, []);
  const { data, error, act } = useApiData(load);
  const agents = data ?? [];
  return (
    <section className={PANEL_SECTION} aria-labelledby="agent-grants-heading" data-testid="agent-grants">
      <h2 id="agent-grants-heading" tabIndex={-1} className="text-sm font-semibold outline-none">
        Agents you allowed
      </h2>
      <p className="mt-1 text-[13px] text-muted">
        MCP clients you let act as you through Toolscope&apos;s <code className="font-mono">/mcp</code>, by signing in from them. Revoking
        one stops it at once; it can ask you again.
      </p>
      <ErrorNote message={error} className="mt-3" />
      {data !== null && agents.length === 0 && <p className="mt-3 text-[13px] text-muted">No agents yet.</p>}
      {agents.length > 0 && (
        <ul className="mt-3 divide-y divide-zinc-100 text-[13px] dark:divide-zinc-900">
          {agents.map((agent) => (
            <li key={agent.clientId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="agent-grant">
              <span className="min-w-0 font-medium break-all">{agent.name}</span>
              <span className="text-muted">
                {agent.scopes.map((scope) => SCOPE_WORDS[scope] ?? scope).join(", ")} · allowed {when(agent.grantedAt)}
              </span>
              <Button
                className="ml-auto text-xs text-rose-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none dark:text-rose-400"
                aria-label={`Revoke ${agent.name}`}
                onPress={() =>
                  void act(() => api("DELETE /api/account/agents/:clientId", { params: { clientId: agent.clientId } })).then(() =>
                    // The row, and focus with it, is gone: back to the list's heading.
                    document.getElementById("agent-grants-heading")?.focus(),
                  )
                }
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
