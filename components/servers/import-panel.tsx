"use client";

import { Button } from "@/components/ui/button";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import { useState, type ReactNode } from "react";
import { api } from "@/components/api/client";
import type { ImportResult } from "@/lib/mcp/servers";

/** Paste or open an mcp.json (Claude Desktop, Cursor, VS Code); every valid server is added. */
export function ImportPanel({ onDone }: { onDone: () => void }): ReactNode {
  const [text, setText] = useState("");
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (): Promise<void> => {
    setError(null);
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (err) {
      setError(`That is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    try {
      setResult(await api("POST /api/servers/mcp.json", { body: document }));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <div className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="import-panel">
      <p className="text-[13px] text-zinc-600 dark:text-zinc-300">
        Paste the contents of an <code className="font-mono">mcp.json</code> (<code className="font-mono">mcpServers</code> or{" "}
        <code className="font-mono">servers</code>), or open the file.
      </p>
      <input
        type="file"
        accept="application/json,.json"
        onChange={async (e) => setText((await e.target.files?.[0]?.text()) ?? "")}
        className="text-[13px]"
        aria-label="Open an mcp.json file"
      />
      <textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={8}
        aria-label="mcp.json contents"
        placeholder='{ "mcpServers": { "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"] } } }'
        className="block w-full rounded-md border border-zinc-300 bg-white p-2 font-mono text-[12px] dark:border-zinc-700 dark:bg-zinc-900"
      />
      {error && (
        <p role="alert" className="text-sm text-rose-600">
          {error}
        </p>
      )}
      {result && (
        <div className="text-[13px]" data-testid="import-result">
          <p>Imported: {result.imported.length ? result.imported.join(", ") : "none"}</p>
          {result.skipped.length > 0 && (
            <ul className="mt-1 list-disc pl-5 text-muted">
              {result.skipped.map((s) => (
                <li key={s.id}>
                  <span className="font-mono">{s.id || "(document)"}</span>: {s.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="flex gap-2">
        <Button onPress={submit} isDisabled={!text.trim()} className={BUTTON_PRIMARY}>
          Import
        </Button>
        <Button onPress={onDone} className={BUTTON_SECONDARY}>
          {result ? "Done" : "Cancel"}
        </Button>
      </div>
    </div>
  );
}
