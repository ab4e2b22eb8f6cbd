"use client";

// The servers page: every server with its status and negotiated revision; add, edit and
// remove the ones kept in the database; import and export mcp.json.
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useRef, useState, type ReactNode } from "react";
import { StatusDot } from "@/components/catalog/status-dot";
import { GradeBadge } from "@/components/report/grade-badge";
import { fetchJson } from "@/lib/client/fetch-json";
import type { ServerSnapshot } from "@/lib/domain/mcp-types";
import { usePolling } from "@/components/ui/use-polling";
import { ImportPanel } from "./import-panel";
import { ServerForm } from "./server-form";
import { ErrorNote } from "@/components/ui/error-note";

const SOURCE_LABEL: Record<ServerSnapshot["source"], string> = { builtin: "built in", file: "mcp.json", database: "added here" };

type Mode = { kind: "list" } | { kind: "add" } | { kind: "edit"; server: ServerSnapshot } | { kind: "import" };

/** `editId`: a server whose form opens once the list has loaded (a link from its page). */
export function ServerManager({ editId }: { editId?: string }): ReactNode {
  const [servers, setServers] = useState<ServerSnapshot[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: "list" });
  const linkedEdit = useRef(editId);
  const router = useRouter();

  const load = useCallback(async () => {
    try {
      const list = (await fetchJson<{ servers: ServerSnapshot[] }>("/api/servers")).servers;
      setServers(list);
      // Once: the list is read again every few seconds, and the form must not reopen after it is closed.
      const linked = list.find((s) => s.id === linkedEdit.current && s.source === "database");
      linkedEdit.current = undefined;
      if (linked) setMode({ kind: "edit", server: linked });
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }, []);

  // Fetching on mount, then every few seconds while servers are still connecting.
  usePolling(load, 3_000);

  const remove = async (server: ServerSnapshot): Promise<void> => {
    if (!window.confirm(`Remove ${server.name} (${server.id})? Its audit records are kept.`)) return;
    try {
      await fetchJson(`/api/servers/${encodeURIComponent(server.id)}`, { method: "DELETE" });
      await load();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const done = (): void => {
    setMode({ kind: "list" });
    void load();
  };

  return (
    <div className="mx-auto max-w-5xl px-4 sm:px-8 py-6">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-lg font-semibold tracking-tight">Servers</h1>
        <div className="flex flex-wrap gap-2">
          <a href="/api/servers/mcp.json" download="mcp.json" className={BUTTON_SECONDARY} data-testid="export-servers">
            Export mcp.json
          </a>
          <button type="button" className={BUTTON_SECONDARY} onClick={() => setMode({ kind: "import" })} data-testid="import-servers">
            Import mcp.json
          </button>
          <button type="button" className={BUTTON_PRIMARY} onClick={() => setMode({ kind: "add" })} data-testid="add-server">
            Add server
          </button>
        </div>
      </div>
      <p className="mt-1 text-sm text-muted">
        Servers come from Toolscope itself (the demo), from an mcp.json config file, or are added here.
      </p>

      {mode.kind === "add" && (
        <div className="mt-6">
          {/* One server added: its catalog opens, as from the home page; several stay on the list. */}
          <ServerForm
            onSaved={(id) => (id ? router.push(`/servers/${encodeURIComponent(id)}`) : done())}
            onCancel={() => setMode({ kind: "list" })}
          />
        </div>
      )}
      {mode.kind === "edit" && (
        <div className="mt-6">
          <ServerForm existing={mode.server} onSaved={done} onCancel={() => setMode({ kind: "list" })} />
        </div>
      )}
      {mode.kind === "import" && (
        <div className="mt-6">
          <ImportPanel onDone={done} />
        </div>
      )}
      <ErrorNote message={error} className="mt-4" />

      {/* On a phone each server is a card of its own (the table's rows as blocks): nothing scrolls sideways. */}
      <div className="mt-6 rounded-lg border border-zinc-200 md:overflow-x-auto dark:border-zinc-800">
        <table className="w-full text-left text-[13px] max-md:block" data-testid="server-table">
          <thead className="bg-zinc-50 text-[11px] tracking-wide text-muted uppercase max-md:hidden dark:bg-zinc-900">
            <tr>
              <th className="px-3 py-2 font-medium">Server</th>
              <th className="px-3 py-2 font-medium">Transport</th>
              <th className="px-3 py-2 font-medium">Status</th>
              <th className="px-3 py-2 font-medium">Revision</th>
              <th className="px-3 py-2 text-right font-medium">Tools</th>
              <th className="px-3 py-2 font-medium">Grade</th>
              <th className="px-3 py-2 font-medium">Source</th>
              <th className="px-3 py-2" />
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 max-md:block dark:divide-zinc-900">
            {servers?.map((s) => (
              <tr
                key={s.id}
                data-testid="server-row"
                data-server-id={s.id}
                className="max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:py-2 [&>td]:max-md:py-0.5"
              >
                <td className="px-3 py-2">
                  <Link href={`/servers/${encodeURIComponent(s.id)}`} className="font-medium hover:text-indigo-600">
                    {s.name}
                  </Link>
                  <div className="font-mono text-[11px] text-muted">{s.id}</div>
                </td>
                <td className="px-3 py-2">
                  {s.transport}
                  {s.transport === "auto" && s.activeTransport && <span className="text-muted"> → {s.activeTransport}</span>}
                  <div className="max-w-64 truncate font-mono text-[11px] text-muted" title={s.target}>
                    {s.target}
                  </div>
                </td>
                <td className="px-3 py-2" data-testid="server-status">
                  <span className="flex items-center gap-1.5">
                    <StatusDot status={s.status} /> {s.status}
                  </span>
                  {s.error && (
                    <div className="max-w-72 truncate text-[11px] text-rose-600 dark:text-rose-400" title={s.error}>
                      {s.error}
                    </div>
                  )}
                </td>
                <td className="px-3 py-2 font-mono text-xs">{s.protocolVersion ?? "—"}</td>
                <td className="px-3 py-2 text-right font-mono text-xs max-md:text-left">
                  {s.toolCount}
                  <span className="font-sans md:hidden"> tools</span>
                  {s.invalidToolCount > 0 && <span className="text-rose-700 dark:text-rose-400"> +{s.invalidToolCount} invalid</span>}
                </td>
                <td className="px-3 py-2" data-testid="server-grade">
                  {s.toolsUpdatedAt ? <GradeBadge serverId={s.id} refreshKey={s.toolsUpdatedAt} /> : <span className="text-muted">—</span>}
                </td>
                <td className="px-3 py-2 text-muted">{SOURCE_LABEL[s.source]}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap max-md:col-span-2 max-md:text-left">
                  {s.source === "database" && (
                    <>
                      <button
                        type="button"
                        className="text-xs text-indigo-600 hover:underline dark:text-indigo-400"
                        onClick={() => setMode({ kind: "edit", server: s })}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="ml-3 text-xs text-rose-600 hover:underline dark:text-rose-400"
                        onClick={() => void remove(s)}
                      >
                        Remove
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {servers?.length === 0 && <p className="p-6 text-center text-sm text-muted">No servers yet. Add one, or import an mcp.json.</p>}
      </div>
    </div>
  );
}
