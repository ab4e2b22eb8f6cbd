"use client";

// The first thing on "Add a server": one box that takes whatever the person has (a command line
// from a README, a URL, an mcp.json snippet) and fills the form from it (lib/domain/paste.ts).
// Several servers at once are added together, through the mcp.json import.
import { Button } from "@/components/ui/button";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { BUTTON_PRIMARY, INPUT } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import { parsePasted, type ServerDraft } from "@/lib/domain/paste";
import { ErrorNote } from "@/components/ui/error-note";

/** The drafts as an mcp.json document, for the import route: commands trusted, as the form adds them. */
function asMcpJson(servers: ServerDraft[]): { mcpServers: Record<string, unknown> } {
  const entries = servers.map((s) => [
    s.id,
    s.transport === "stdio"
      ? { name: s.name, command: s.command, args: s.args, env: s.env, trusted: true, ...(s.cwd ? { cwd: s.cwd } : {}) }
      : { name: s.name, type: s.transport, url: s.url, headers: s.headers },
  ]);
  return { mcpServers: Object.fromEntries(entries) };
}

function summary(server: ServerDraft): string {
  if (server.transport !== "stdio") return `${server.transport === "auto" ? "HTTP" : server.transport} · ${server.url}`;
  const env = Object.keys(server.env).length;
  return `stdio · ${[server.command, ...server.args].join(" ")}${env ? ` · ${env} environment variable${env === 1 ? "" : "s"}` : ""}`;
}

export function PasteServer({
  onDraft,
  onAdded,
  focus = false,
}: {
  onDraft: (draft: ServerDraft) => void;
  onAdded: () => void;
  /** Take the focus once shown. */
  focus?: boolean;
}): ReactNode {
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focus) field.current?.focus();
  }, [focus]);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const hint = useId();
  const pasted = parsePasted(text);
  const several = pasted.kind === "servers" && pasted.servers.length > 1 ? pasted.servers : null;

  const change = (value: string): void => {
    setText(value);
    setError(null);
    const parsed = parsePasted(value);
    if (parsed.kind === "servers" && parsed.servers.length === 1) onDraft(parsed.servers[0]!);
  };

  const addAll = async (servers: ServerDraft[]): Promise<void> => {
    setAdding(true);
    setError(null);
    try {
      const result = await api("POST /api/servers/mcp.json", { body: asMcpJson(servers) });
      if (result.skipped.length > 0) {
        setError(`Not added: ${result.skipped.map((s) => `${s.id} (${s.reason})`).join("; ")}`);
        if (result.imported.length === 0) return;
      }
      onAdded();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="space-y-2" data-testid="paste-server">
      <label className="block">
        <span className="mb-1 block text-[13px] font-medium text-zinc-700 dark:text-zinc-300">Paste a command, URL or mcp.json</span>
        <textarea
          ref={field}
          value={text}
          onChange={(e) => change(e.target.value)}
          rows={2}
          aria-describedby={hint}
          spellCheck={false}
          placeholder="npx -y @modelcontextprotocol/server-filesystem ~/Documents"
          className={`${INPUT} font-mono`}
        />
      </label>
      <p id={hint} className="text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite" data-testid="paste-server-status">
        {pasted.kind === "empty" &&
          "A command line from a README, a server's URL, or the mcpServers part of a client's config: the fields below fill in."}
        {pasted.kind === "error" && <span className="text-rose-700 dark:text-rose-400">{pasted.message}</span>}
        {pasted.kind === "servers" && pasted.servers.length === 1 && <>Filled in below: {summary(pasted.servers[0]!)}</>}
        {several && <>{several.length} servers: add them all at once, or edit one in the form after.</>}
      </p>
      {several && (
        <div className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
          <ul className="space-y-1 text-[13px]" data-testid="paste-server-list">
            {several.map((s) => (
              <li key={s.id} className="break-all">
                <span className="font-mono font-medium">{s.id}</span> <span className="text-zinc-600 dark:text-zinc-400">{summary(s)}</span>
              </li>
            ))}
          </ul>
          <Button className={`${BUTTON_PRIMARY} mt-2`} isDisabled={adding} onPress={() => void addAll(several)}>
            Add all {several.length} servers
          </Button>
        </div>
      )}
      <ErrorNote message={error} />
    </div>
  );
}
