"use client";

// Add or edit a server: a command to spawn (stdio) or a URL (auto, Streamable HTTP, SSE).
// Secret values already stored (env, headers) are never shown; leaving them blank keeps them.
import { Button } from "@/components/ui/button";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, INPUT } from "@/components/ui/classes";
import { useState, type FormEvent, type ReactNode } from "react";
import { parseRoots, rootsToText } from "./roots-text";
import { api } from "@/components/api/client";
import type { ServerSnapshot } from "@/lib/domain/mcp-types";
import { idFromServerName, parseCommandLine, type ServerDraft } from "@/lib/domain/paste";
import { OAuthSettingsFields, oauthFromForm } from "./oauth-settings-fields";
import type { ConnectionTest } from "@/lib/mcp/connection-test";
import { ConnectionTestButton } from "./connection-test-button";
import { TRUSTED_MEANS } from "@/components/catalog/trust-toggle";
import { PasteServer } from "./paste-server";
import { SamplingModelField } from "./sampling-model-field";
import { ErrorNote } from "@/components/ui/error-note";
import { Checkbox } from "@/components/ui/checkbox";

type Transport = "stdio" | "auto" | "streamable-http" | "sse";

const TRANSPORT_LABEL: Record<Transport, string> = {
  stdio: "stdio (spawn a command)",
  auto: "HTTP, auto (Streamable HTTP, then SSE)",
  "streamable-http": "Streamable HTTP",
  sse: "HTTP + SSE (legacy)",
};

const LABEL = "mb-1 block text-[13px] font-medium text-zinc-700 dark:text-zinc-300";

/** "KEY=value" (or "Name: value") lines to a record; a known key left without a value maps to null ("keep"). */
function parsePairs(text: string, separator: "=" | ":", known: string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const at = trimmed.indexOf(separator);
    const key = (at < 0 ? trimmed : trimmed.slice(0, at)).trim();
    const value = at < 0 ? "" : trimmed.slice(at + 1).trim();
    out[key] = value === "" && known.includes(key) ? null : value;
  }
  return out;
}

export function ServerForm({
  existing,
  onSaved,
  onCancel,
  focusPaste = false,
}: {
  existing?: ServerSnapshot;
  /** Opened by a button: the paste field takes the focus, so a keyboard carries on where it pressed. */
  focusPaste?: boolean;
  /** Called once saved, with the id of the server added or edited (none when a paste added several). */
  onSaved: (id?: string) => void;
  onCancel: () => void;
}): ReactNode {
  const config = existing?.config;
  const knownEnv = config?.transport === "stdio" ? config.envKeys : [];
  const knownHeaders = config && config.transport !== "stdio" ? config.headerNames : [];
  const [transport, setTransport] = useState<Transport>(existing?.transport ?? "stdio");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A command runs with this machine's permissions anyway: added, it is trusted unless unticked.
  // A URL is someone else's server: not trusted until the person says so.
  const [trusted, setTrusted] = useState<boolean | null>(existing ? existing.trusted : null);
  const trustedNow = trusted ?? transport === "stdio";
  // What the paste box made of the pasted text: the fields below start from it (re-mounted by `filled`).
  const [draft, setDraft] = useState<ServerDraft | null>(null);
  const [filled, setFilled] = useState(0);
  const stdioDraft = draft?.transport === "stdio" ? draft : null;
  const httpDraft = draft && draft.transport !== "stdio" ? draft : null;
  // A pasted URL is tested at once: the server's own name then proposes the id.
  const [autoTest, setAutoTest] = useState(0);
  const takeDraft = (next: ServerDraft): void => {
    setDraft(next);
    setTransport(next.transport);
    setFilled((n) => n + 1);
    if (next.transport !== "stdio") setAutoTest((n) => n + 1);
  };

  /**
   * Once a test connected: the server's own name proposes the id (every agent tool's prefix) and
   * the name, unless the person typed their own.
   */
  const takeServerInfo = (test: Extract<ConnectionTest, { ok: true }>, element: HTMLFormElement): void => {
    if (!test.serverInfo) return;
    const field = (name: string): HTMLInputElement | null => {
      const found = element.elements.namedItem(name);
      return found instanceof HTMLInputElement ? found : null;
    };
    const id = field("id");
    const proposed = idFromServerName(test.serverInfo.name);
    if (id && proposed && (id.value === "" || id.value === draft?.id)) {
      id.value = proposed;
      setDraft((current) => (current ? { ...current, id: proposed } : current));
    }
    const name = field("name");
    if (name && (name.value === "" || name.value === draft?.name)) name.value = test.serverInfo.title ?? test.serverInfo.name;
  };

  /** The request body the form describes (what POST and PUT take), or why it describes none. */
  const bodyOf = (element: HTMLFormElement): { id: string; body: Record<string, unknown> } | { problem: string } => {
    const form = new FormData(element);
    const text = (name: string): string => String(form.get(name) ?? "").trim();
    const timeout = text("timeoutMs");
    const samplingModel = text("samplingModel");
    const body: Record<string, unknown> = {
      name: text("name") || undefined,
      trusted: trustedNow,
      type: transport,
      ...(timeout ? { timeoutMs: Number(timeout) } : {}),
      ...(samplingModel ? { samplingModel } : {}),
    };
    if (transport === "stdio") {
      let command = text("command");
      let args = String(form.get("args") ?? "")
        .split("\n")
        .map((a) => a.trim())
        .filter(Boolean);
      let env = parsePairs(String(form.get("env") ?? ""), "=", knownEnv);
      // A whole command line typed into Command is split as a shell would, as the paste box does.
      const line = args.length === 0 && /\s/.test(command) ? parseCommandLine(command) : null;
      if (line?.kind === "error") return { problem: line.message };
      if (line?.kind === "servers" && line.servers[0]?.transport === "stdio") {
        ({ command, args } = line.servers[0]);
        env = { ...line.servers[0].env, ...env };
      }
      Object.assign(body, { command, args, env, ...(text("cwd") ? { cwd: text("cwd") } : {}) });
    } else {
      const oauth = oauthFromForm(form, config && config.transport !== "stdio" ? config.oauth : null);
      Object.assign(body, {
        url: text("url"),
        headers: parsePairs(String(form.get("headers") ?? ""), ":", knownHeaders),
        ...(oauth ? { oauth } : {}),
      });
    }
    const roots = parseRoots(String(form.get("roots") ?? ""));
    if ("problem" in roots) return roots;
    if (roots.roots.length) body.roots = roots.roots;
    return { id: text("id"), body };
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const built = bodyOf(event.currentTarget);
    if ("problem" in built) {
      setError(built.problem);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      if (existing) {
        await api("PUT /api/servers/:serverId", { params: { serverId: existing.id }, body: built.body });
      } else {
        await api("POST /api/servers", { body: { id: built.id, ...built.body } });
      }
      onSaved(existing ? existing.id : built.id);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="server-form"
      aria-label={existing ? "Edit server" : "Add a server"}
    >
      {!existing && <PasteServer onDraft={takeDraft} onAdded={() => onSaved()} focus={focusPaste} />}
      <div key={filled} className="space-y-4">
        <div className="grid grid-cols-2 gap-4">
          <label>
            <span className={LABEL}>Id</span>
            <input
              name="id"
              required
              defaultValue={existing?.id ?? draft?.id}
              readOnly={!!existing}
              placeholder="e.g. github"
              pattern="[a-z0-9][a-z0-9_\-]{0,62}"
              className={INPUT}
            />
          </label>
          <label>
            <span className={LABEL}>Name</span>
            <input name="name" defaultValue={existing?.name ?? draft?.name} placeholder="Shown in the UI" className={INPUT} />
          </label>
        </div>
        <label className="block">
          <span className={LABEL}>Transport</span>
          <select name="transport" value={transport} onChange={(e) => setTransport(e.target.value as Transport)} className={INPUT}>
            {(Object.keys(TRANSPORT_LABEL) as Transport[]).map((t) => (
              <option key={t} value={t}>
                {TRANSPORT_LABEL[t]}
              </option>
            ))}
          </select>
        </label>
        {transport === "stdio" ? (
          <>
            <label className="block">
              <span className={LABEL}>Command</span>
              <input
                name="command"
                required
                defaultValue={config?.transport === "stdio" ? config.command : (stdioDraft?.command ?? "")}
                placeholder="npx"
                className={`${INPUT} font-mono`}
              />
            </label>
            <label className="block">
              <span className={LABEL}>Arguments, one per line</span>
              <textarea
                name="args"
                rows={3}
                defaultValue={config?.transport === "stdio" ? config.args.join("\n") : (stdioDraft?.args.join("\n") ?? "")}
                className={`${INPUT} font-mono`}
              />
            </label>
            <label className="block">
              <span className={LABEL}>Environment, KEY=value per line</span>
              <textarea
                name="env"
                rows={3}
                defaultValue={
                  stdioDraft
                    ? Object.entries(stdioDraft.env)
                        .map(([k, v]) => `${k}=${v}`)
                        .join("\n")
                    : knownEnv.map((k) => `${k}=`).join("\n")
                }
                placeholder="API_KEY=…"
                className={`${INPUT} font-mono`}
              />
              {knownEnv.length > 0 && (
                <span className="mt-1 block text-xs text-muted">
                  Stored values are not shown; a key left blank keeps its value, a deleted line removes it.
                </span>
              )}
            </label>
            <label className="block">
              <span className={LABEL}>Working directory (optional)</span>
              <input
                name="cwd"
                defaultValue={config?.transport === "stdio" ? (config.cwd ?? "") : (stdioDraft?.cwd ?? "")}
                className={`${INPUT} font-mono`}
              />
            </label>
          </>
        ) : (
          <>
            <label className="block">
              <span className={LABEL}>URL</span>
              <input
                name="url"
                type="url"
                required
                defaultValue={config && config.transport !== "stdio" ? config.url : (httpDraft?.url ?? "")}
                placeholder="http://127.0.0.1:3001/mcp"
                className={`${INPUT} font-mono`}
              />
            </label>
            <label className="block">
              <span className={LABEL}>Headers, Name: value per line</span>
              <textarea
                name="headers"
                rows={2}
                defaultValue={
                  httpDraft
                    ? Object.entries(httpDraft.headers)
                        .map(([k, v]) => `${k}: ${v}`)
                        .join("\n")
                    : knownHeaders.map((h) => `${h}:`).join("\n")
                }
                placeholder="Authorization: Bearer …"
                className={`${INPUT} font-mono`}
              />
              <span className="mt-1 block text-xs text-muted">
                Kept on Toolscope&apos;s server and never shown again{knownHeaders.length > 0 ? "; a name left blank keeps its value" : ""}.
              </span>
            </label>
            <OAuthSettingsFields existing={config && config.transport !== "stdio" ? config.oauth : null} />
          </>
        )}
        <label className="block">
          <span className={LABEL}>Roots, one per line: a file:// URI, then a name</span>
          <textarea
            name="roots"
            rows={2}
            defaultValue={rootsToText(config?.roots)}
            placeholder="file:///home/you/project Project"
            className={`${INPUT} font-mono`}
            data-testid="server-roots"
          />
          <span className="mt-1 block text-xs text-muted">
            What Toolscope answers when the server asks for roots (roots/list; revisions before 2026-07-28).
            {transport === "stdio" ? " None given: its working directory, when one is set." : ""}
          </span>
        </label>
        <SamplingModelField existing={config?.samplingModel ?? null} />
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Checkbox
            className="flex items-start gap-2 text-[13px]"
            isSelected={trustedNow}
            onChange={(checked) => setTrusted(checked)}
            name="trusted"
            testId="server-trusted"
          >
            <span>
              Trust this server <span className="block text-xs text-muted">{TRUSTED_MEANS}</span>
            </span>
          </Checkbox>
          <label className="flex items-center gap-2 text-[13px]">
            Timeout
            <input
              name="timeoutMs"
              type="number"
              min={100}
              step={100}
              placeholder="60000"
              defaultValue={existing?.timeoutMs ?? undefined}
              className={`${INPUT} max-w-28`}
            />
            ms
          </label>
        </div>
      </div>
      <ErrorNote message={error} testId="server-form-error" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isDisabled={saving} className={BUTTON_PRIMARY}>
          {existing ? "Save" : "Add server"}
        </Button>
        {!existing && (
          <ConnectionTestButton
            onConnected={takeServerInfo}
            autoRun={autoTest}
            body={(element) => {
              const built = bodyOf(element);
              return "problem" in built ? built : { ...built.body, id: built.id || undefined };
            }}
          />
        )}
        <Button onPress={onCancel} className={BUTTON_SECONDARY}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
