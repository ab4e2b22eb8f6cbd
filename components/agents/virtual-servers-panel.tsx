"use client";

// Virtual servers on the Agents page: each named endpoint (/mcp/{name}) with its address and
// chosen tools; for admins, an editor that composes one from tools of several servers: pick a
// server and a tool, give it the name the agent sees, pin arguments (JSON) the agent cannot change.
import { Button } from "@/components/ui/button";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { api } from "@/components/api/client";
import type { ServerSnapshot } from "@/lib/domain/mcp-types";
import type { VirtualTool } from "@/lib/domain/virtual-servers";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, ERROR_NOTE, INPUT } from "@/components/ui/classes";
import { ToolPicker } from "@/components/ui/tool-picker";
import { ErrorNote } from "@/components/ui/error-note";
import { Checkbox } from "@/components/ui/checkbox";

type Listing = { name: string; title?: string; tools: VirtualTool[]; featuresOf?: string[]; url: string; missing: string[] };
type Row = { server: string; tool: string; as: string; pinned: string };

const EMPTY_ROW: Row = { server: "", tool: "", as: "", pinned: "" };

function rowsOf(tools: VirtualTool[]): Row[] {
  return tools.map((t) => ({ server: t.server, tool: t.tool, as: t.as ?? "", pinned: t.arguments ? JSON.stringify(t.arguments) : "" }));
}

/** The rows as the API takes them; a row's problem in words, else null. */
function toolsOf(rows: Row[]): { tools: VirtualTool[]; problem: string | null } {
  const tools: VirtualTool[] = [];
  for (const [index, row] of rows.entries()) {
    if (!row.server && !row.tool) continue;
    if (!row.server || !row.tool) return { tools, problem: `Row ${index + 1}: pick a server and a tool.` };
    let pinned: Record<string, unknown> | undefined;
    if (row.pinned.trim()) {
      try {
        const value: unknown = JSON.parse(row.pinned);
        if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not an object");
        pinned = value as Record<string, unknown>;
      } catch {
        return { tools, problem: `Row ${index + 1}: pinned arguments must be a JSON object, such as {"city": "Oslo"}.` };
      }
    }
    tools.push({
      server: row.server,
      tool: row.tool,
      ...(row.as.trim() ? { as: row.as.trim() } : {}),
      ...(pinned ? { arguments: pinned } : {}),
    });
  }
  return { tools, problem: null };
}

function ToolRow({
  row,
  index,
  servers,
  onChange,
  onRemove,
}: {
  row: Row;
  index: number;
  servers: ServerSnapshot[];
  onChange: (row: Row) => void;
  onRemove: () => void;
}): ReactNode {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    if (!row.server) return;
    const controller = new AbortController();
    api("GET /api/servers/:serverId/tools", { params: { serverId: row.server }, signal: controller.signal })
      .then((answer) => setNames(answer.tools.map((t) => t.name)))
      .catch(() => setNames([]));
    return () => controller.abort();
  }, [row.server]);
  return (
    <li
      className="grid gap-2 border-t border-zinc-100 py-2 sm:grid-cols-[10rem_1fr_10rem_1fr_auto] dark:border-zinc-900"
      data-testid="virtual-tool-row"
    >
      <select
        aria-label={`Server of tool ${index + 1}`}
        className={INPUT}
        value={row.server}
        onChange={(e) => onChange({ ...row, server: e.target.value, tool: "" })}
      >
        <option value="">Server…</option>
        {servers.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <ToolPicker
        label={`Tool ${index + 1}`}
        names={names}
        value={row.tool}
        onChange={(tool) => onChange({ ...row, tool })}
        testId={`virtual-tool-${index}`}
      />
      <input
        aria-label={`Name the agent sees for tool ${index + 1}`}
        placeholder={row.server && row.tool ? `${row.server}__${row.tool}` : "name the agent sees"}
        className={INPUT}
        value={row.as}
        onChange={(e) => onChange({ ...row, as: e.target.value })}
      />
      <input
        aria-label={`Pinned arguments of tool ${index + 1} (JSON)`}
        placeholder='pinned arguments, e.g. {"city": "Oslo"}'
        className={`${INPUT} font-mono text-[12px]`}
        value={row.pinned}
        onChange={(e) => onChange({ ...row, pinned: e.target.value })}
      />
      <Button className={BUTTON_SECONDARY} onPress={onRemove} aria-label={`Remove tool ${index + 1}`}>
        Remove
      </Button>
    </li>
  );
}

function Editor({
  initial,
  servers,
  onSaved,
  onCancel,
}: {
  initial: Listing | null;
  servers: ServerSnapshot[];
  onSaved: () => void;
  onCancel: () => void;
}): ReactNode {
  const [name, setName] = useState(initial?.name ?? "");
  const [title, setTitle] = useState(initial?.title ?? "");
  const [rows, setRows] = useState<Row[]>(initial ? rowsOf(initial.tools) : [EMPTY_ROW]);
  const [featuresOf, setFeaturesOf] = useState<string[]>(initial?.featuresOf ?? []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (): Promise<void> => {
    const { tools, problem } = toolsOf(rows);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      await api("PUT /api/virtual-servers/:name", {
        params: { name: name.trim() },
        // A new one never replaces another of the same name.
        ...(initial ? {} : { headers: { "if-none-match": "*" } }),
        body: { ...(title.trim() ? { title: title.trim() } : {}), tools, ...(featuresOf.length ? { featuresOf } : {}) },
      });
      onSaved();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="mt-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      data-testid="virtual-server-editor"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="text-xs font-semibold">
          Name (its address is /mcp/<span className="font-mono">{name || "name"}</span>)
          <input
            className={`${INPUT} mt-1`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={Boolean(initial)}
            // The editor opens on a person's click: they start with its first field.
            autoFocus={!initial}
            required
            pattern="[a-z0-9][a-z0-9_\-]{0,62}"
            title="1 to 63 lowercase letters, digits, '-' and '_', starting with a letter or digit"
            aria-describedby="virtual-server-name-rule"
          />
          <span id="virtual-server-name-rule" className="mt-1 block font-normal text-muted">
            Lowercase letters, digits, &apos;-&apos; and &apos;_&apos;; unique.
          </span>
        </label>
        <label className="text-xs font-semibold">
          Title
          <input className={`${INPUT} mt-1`} value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
      </div>
      <h3 className="mt-4 text-xs font-semibold">Tools</h3>
      <ul className="mt-1">
        {rows.map((row, index) => (
          <ToolRow
            key={index}
            row={row}
            index={index}
            servers={servers}
            onChange={(next) => setRows(rows.map((r, i) => (i === index ? next : r)))}
            onRemove={() => setRows(rows.filter((_r, i) => i !== index))}
          />
        ))}
      </ul>
      <fieldset className="mt-4">
        <legend className="text-xs font-semibold">Resources and prompts of</legend>
        <p className="mt-0.5 text-xs text-muted">
          The endpoint serves these servers&apos; resources, templates and prompts too, named as <code className="font-mono">/mcp</code>{" "}
          names them. None: tools only.
        </p>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-[13px]" data-testid="virtual-server-features">
          {servers.map((server) => (
            <Checkbox
              key={server.id}
              isSelected={featuresOf.includes(server.id)}
              onChange={(on) => setFeaturesOf(on ? [...featuresOf, server.id] : featuresOf.filter((id) => id !== server.id))}
            >
              {server.name} <span className="font-mono text-xs text-muted">{server.id}</span>
            </Checkbox>
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className={`${ERROR_NOTE} mt-2`}>
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button className={BUTTON_SECONDARY} onPress={() => setRows([...rows, EMPTY_ROW])}>
          Add a tool
        </Button>
        <Button type="submit" className={BUTTON_PRIMARY} isDisabled={busy || !name.trim()}>
          {busy ? "Saving…" : "Save virtual server"}
        </Button>
        <Button className={BUTTON_SECONDARY} onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function VirtualServersPanel({ mayEdit }: { mayEdit: boolean }): ReactNode {
  const [listing, setListing] = useState<Listing[] | null>(null);
  const [servers, setServers] = useState<ServerSnapshot[]>([]);
  const [editing, setEditing] = useState<Listing | "new" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setListing((await api("GET /api/virtual-servers")).virtualServers);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);
  useEffect(() => {
    // Loading on mount.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
    if (mayEdit)
      api("GET /api/servers")
        .then((answer) => setServers(answer.servers))
        .catch(() => undefined);
  }, [load, mayEdit]);
  const remove = async (name: string): Promise<void> => {
    try {
      await api("DELETE /api/virtual-servers/:name", { params: { name } });
      await load();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section className="mt-8" aria-labelledby="virtual-servers">
      <h2 id="virtual-servers" tabIndex={-1} className="text-sm font-semibold outline-none">
        Virtual servers
      </h2>
      <p className="mt-1 text-xs text-muted">
        A named endpoint of chosen tools, renamed and with arguments pinned, so an agent sees only what it needs. Nobody sees a tool there
        they may not call through <code className="font-mono">/mcp</code>.
      </p>
      <ErrorNote message={error} className="mt-2" />
      {listing && listing.length === 0 && <p className="mt-3 text-sm text-muted">None yet.</p>}
      <ul className="mt-2 space-y-2" data-testid="virtual-servers">
        {listing?.map((server) => (
          <li
            key={server.name}
            className="rounded-lg border border-zinc-200 p-3 text-[13px] dark:border-zinc-800"
            data-testid="virtual-server"
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{server.title ?? server.name}</span>
              <code className="font-mono text-[12px] text-muted">{server.url}</code>
              {mayEdit && (
                <span className="ml-auto flex gap-2">
                  <Button className={BUTTON_SECONDARY} onPress={() => setEditing(server)} aria-label={`Edit ${server.name}`}>
                    Edit
                  </Button>
                  <Button
                    className={BUTTON_SECONDARY}
                    aria-label={`Remove ${server.name}`}
                    onPress={() => {
                      if (window.confirm(`Remove the virtual server "${server.name}"? Agents connected to ${server.url} lose its tools.`))
                        void remove(server.name);
                    }}
                  >
                    Remove
                  </Button>
                </span>
              )}
            </div>
            <p className="mt-1 text-xs text-muted">
              {server.tools
                .map((t) => {
                  const pinned = Object.entries(t.arguments ?? {}).map(([key, value]) => `${key}=${JSON.stringify(value)}`);
                  return `${t.as ?? `${t.server}__${t.tool}`}${pinned.length ? ` (pinned ${pinned.join(", ")})` : ""}`;
                })
                .join(", ") || "no tools"}
              {server.featuresOf?.length ? ` · resources and prompts of ${server.featuresOf.join(", ")}` : ""}
              {server.missing.length > 0 && (
                <span className="text-amber-700 dark:text-amber-400"> · not listed now: {server.missing.join(", ")}</span>
              )}
            </p>
          </li>
        ))}
      </ul>
      {mayEdit &&
        (editing ? (
          <Editor
            key={editing === "new" ? "new" : editing.name}
            initial={editing === "new" ? null : editing}
            servers={servers}
            onSaved={() => {
              setEditing(null);
              void load().then(() => document.getElementById("virtual-servers")?.focus());
            }}
            onCancel={() => {
              setEditing(null);
              document.getElementById("virtual-servers")?.focus();
            }}
          />
        ) : (
          <Button className={`${BUTTON_SECONDARY} mt-3`} onPress={() => setEditing("new")}>
            New virtual server…
          </Button>
        ))}
    </section>
  );
}
