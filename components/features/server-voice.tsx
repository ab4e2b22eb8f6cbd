"use client";

// What a server says of itself on its page: who it is (name, version, icon, website), its
// capabilities as badges (with the options each declares), a ping with its round-trip time, and
// the roots Toolscope offers it.
import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";
import { api } from "@/components/api/client";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { ToolIcon } from "@/components/catalog/tool-icon";
import type { ServerSnapshot, Tool } from "@/lib/domain/mcp-types";

const WEB = /^https?:\/\//i;

/** The server's own name, version and description, its icon, and its website (only an http(s) link). */
export function ServerIdentity({ server }: { server: ServerSnapshot }): ReactNode {
  const info = server.serverInfo;
  if (!info) return <>—</>;
  return (
    <span className="flex items-start gap-2" data-testid="server-identity">
      {info.icons?.length ? <ToolIcon tool={{ name: info.name, icons: info.icons } as Tool} serverId={server.id} size={20} /> : null}
      <span className="min-w-0">
        <span className="font-mono text-xs">{info.name}</span> {info.version}
        {info.description && <span className="block text-muted">{info.description}</span>}
        {info.websiteUrl && WEB.test(info.websiteUrl) && (
          <a
            href={info.websiteUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="block break-all text-indigo-700 hover:underline dark:text-indigo-300"
          >
            {info.websiteUrl}
          </a>
        )}
      </span>
    </span>
  );
}

/** What Toolscope answers to roots/list: the configured roots, else a stdio server's working directory. */
export function RootsOffered({ config }: { config: ServerSnapshot["config"] }): ReactNode {
  if (config.roots?.length)
    return (
      <ul data-testid="roots-offered">
        {config.roots.map((root) => (
          <li key={root.uri}>
            <span className="font-mono text-xs break-all">{root.uri}</span>
            {root.name && <span className="text-muted"> · {root.name}</span>}
          </li>
        ))}
      </ul>
    );
  if (config.transport === "stdio" && config.cwd)
    return (
      <span data-testid="roots-offered">
        its working directory, <span className="font-mono text-xs break-all">{config.cwd}</span>
      </span>
    );
  return <span data-testid="roots-offered">none (set them in the server&apos;s settings)</span>;
}

const LABELS: Record<string, string> = {
  tools: "Tools",
  resources: "Resources",
  prompts: "Prompts",
  completions: "Completions",
  logging: "Logging",
  tasks: "Tasks",
  experimental: "Experimental",
  extensions: "Extensions",
};

const OPTION_LABELS: Record<string, string> = { listChanged: "list changes", subscribe: "subscriptions" };

export function CapabilityBadges({ capabilities }: { capabilities: Record<string, unknown> | null }): ReactNode {
  const entries = Object.entries(capabilities ?? {});
  if (!entries.length) return <>—</>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Capabilities" data-testid="capability-badges">
      {entries.map(([name, value]) => {
        const options =
          value && typeof value === "object"
            ? Object.entries(value)
                .filter(([, on]) => on === true)
                .map(([option]) => OPTION_LABELS[option] ?? option)
            : [];
        return (
          <li
            key={name}
            data-capability={name}
            className="rounded border border-zinc-200 bg-zinc-50 px-1.5 py-0.5 text-[12px] dark:border-zinc-800 dark:bg-zinc-900"
          >
            {LABELS[name] ?? name}
            {options.length > 0 && <span className="text-muted"> · {options.join(", ")}</span>}
          </li>
        );
      })}
    </ul>
  );
}

type PingAnswer = { answered: boolean; roundTripMs: number; error?: string };

export function PingButton({ serverId }: { serverId: string }): ReactNode {
  const [answer, setAnswer] = useState<PingAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const ping = async (): Promise<void> => {
    setRunning(true);
    setError(null);
    try {
      setAnswer(await api("POST /api/servers/:serverId/ping", { params: { serverId } }));
    } catch (e) {
      setAnswer(null);
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setRunning(false);
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Button className={BUTTON_SECONDARY} onPress={() => void ping()} isDisabled={running}>
        {running ? "Pinging…" : "Ping"}
      </Button>
      <span role="status" data-testid="ping-answer" className="text-[13px]">
        {answer?.answered && <span className="text-emerald-700 dark:text-emerald-400">answered in {answer.roundTripMs} ms</span>}
        {answer && !answer.answered && (
          <span className="text-rose-700 dark:text-rose-400">
            no answer after {answer.roundTripMs} ms: {answer.error}
          </span>
        )}
        {error && <span className="text-rose-700 dark:text-rose-400">{error}</span>}
      </span>
    </span>
  );
}
