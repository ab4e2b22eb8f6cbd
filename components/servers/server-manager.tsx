"use client";

// The servers page: every server with its status and negotiated revision; add, edit and
// remove the ones kept in the database; import and export mcp.json.
import { Button } from "@/components/ui/button";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import { Link as AriaLink } from "react-aria-components";
import { useRouter } from "next/navigation";
import { useCallback, useRef, useState, type ReactNode } from "react";
import { StatusDot } from "@/components/catalog/status-dot";
import { GradeBadge } from "@/components/report/grade-badge";
import type { ServerSnapshot } from "@/lib/domain/mcp-types";
import { usePolling } from "@/components/ui/use-polling";
import { ImportPanel } from "./import-panel";
import { ServerForm } from "./server-form";
import { ErrorNote } from "@/components/ui/error-note";
import { Cell, DataTable, Row, TEXT_BUTTON_FOCUS, type TableColumn } from "@/components/ui/table";
import { api } from "@/components/api/client";

const SOURCE_LABEL: Record<ServerSnapshot["source"], string> = { builtin: "built in", file: "mcp.json", database: "added here" };

const COLUMNS: readonly TableColumn[] = [
  { name: "Server" },
  { name: "Transport" },
  { name: "Status" },
  { name: "Revision" },
  { name: "Tools", className: "text-right" },
  { name: "Grade" },
  { name: "Source" },
  { name: "", label: "Actions" },
];

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
      const list = (await api("GET /api/servers")).servers;
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
      await api("DELETE /api/servers/:serverId", { params: { serverId: server.id } });
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
          <Button className={BUTTON_SECONDARY} onPress={() => setMode({ kind: "import" })} data-testid="import-servers">
            Import mcp.json
          </Button>
          <Button className={BUTTON_PRIMARY} onPress={() => setMode({ kind: "add" })} data-testid="add-server">
            Add server
          </Button>
        </div>
      </div>
      <p className="mt-1 text-sm text-muted">
        Servers come from Toolscope itself (the demo), from an mcp.json config file, or are added here.
      </p>

      {mode.kind === "add" && (
        <div className="mt-6">
          {/* One server added: its catalog opens, as from the home page; several stay on the list. */}
          <ServerForm
            focusPaste
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
      <DataTable
        label="Servers"
        columns={COLUMNS}
        testId="server-table"
        bordered
        cardsOnPhone
        className="mt-6"
        emptyText={servers ? "No servers yet. Add one, or import an mcp.json." : undefined}
      >
        {(servers ?? []).map((s) => (
          <Row
            key={s.id}
            id={s.id}
            data-testid="server-row"
            data-server-id={s.id}
            className="max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:py-2 [&>td]:max-md:py-0.5"
          >
            <Cell className="px-3 py-2">
              <AriaLink href={`/servers/${encodeURIComponent(s.id)}`} className={`font-medium hover:text-indigo-600 ${TEXT_BUTTON_FOCUS}`}>
                {s.name}
              </AriaLink>
              <div className="font-mono text-[11px] text-muted">{s.id}</div>
            </Cell>
            <Cell className="px-3 py-2">
              {s.transport}
              {s.transport === "auto" && s.activeTransport && <span className="text-muted"> → {s.activeTransport}</span>}
              <div className="max-w-64 truncate font-mono text-[11px] text-muted" title={s.target}>
                {s.target}
              </div>
            </Cell>
            <Cell className="px-3 py-2" data-testid="server-status">
              <span className="flex items-center gap-1.5">
                <StatusDot status={s.status} /> {s.status}
              </span>
              {s.error && (
                <div className="max-w-72 truncate text-[11px] text-rose-600 dark:text-rose-400" title={s.error}>
                  {s.error}
                </div>
              )}
            </Cell>
            <Cell className="px-3 py-2 font-mono text-xs">{s.protocolVersion ?? "—"}</Cell>
            <Cell className="px-3 py-2 text-right font-mono text-xs max-md:text-left">
              {s.toolCount}
              <span className="font-sans md:hidden"> tools</span>
              {s.invalidToolCount > 0 && <span className="text-rose-700 dark:text-rose-400"> +{s.invalidToolCount} invalid</span>}
            </Cell>
            <Cell className="px-3 py-2" data-testid="server-grade">
              {s.toolsUpdatedAt ? <GradeBadge serverId={s.id} refreshKey={s.toolsUpdatedAt} /> : <span className="text-muted">—</span>}
            </Cell>
            <Cell className="px-3 py-2 text-muted">{SOURCE_LABEL[s.source]}</Cell>
            <Cell className="px-3 py-2 text-right whitespace-nowrap max-md:col-span-2 max-md:text-left">
              {s.source === "database" && (
                <>
                  <Button
                    className={`text-xs text-indigo-600 hover:underline dark:text-indigo-400 ${TEXT_BUTTON_FOCUS}`}
                    onPress={() => setMode({ kind: "edit", server: s })}
                  >
                    Edit
                  </Button>
                  <Button
                    className={`ml-3 text-xs text-rose-600 hover:underline dark:text-rose-400 ${TEXT_BUTTON_FOCUS}`}
                    onPress={() => void remove(s)}
                  >
                    Remove
                  </Button>
                </>
              )}
            </Cell>
          </Row>
        ))}
      </DataTable>
    </div>
  );
}
