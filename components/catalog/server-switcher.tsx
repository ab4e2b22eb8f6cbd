"use client";

// Which server's catalog is shown: its status and negotiated revision, and a switch to
// any other server (a native select: keyboard-friendly and accessible as it is).
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { api } from "@/components/api/client";
import type { ServerSnapshot } from "@/lib/domain/mcp-types";
import { useCatalog } from "./catalog-context";
import { StatusDot } from "./status-dot";
import { TrustToggle } from "./trust-toggle";

export function ServerSwitcher(): ReactNode {
  const { serverId, data, live, reload } = useCatalog();
  const router = useRouter();
  const [servers, setServers] = useState<ServerSnapshot[]>([]);

  useEffect(() => {
    api("GET /api/servers")
      .then((r) => setServers(r.servers))
      .catch(() => setServers([]));
  }, [serverId, data?.server.status]);

  const current = data?.server;
  return (
    <div className="border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <div className="flex items-center gap-2">
        {current && <StatusDot status={current.status} />}
        <select
          value={serverId}
          onChange={(e) => router.push(`/servers/${encodeURIComponent(e.target.value)}`)}
          aria-label="Server"
          data-testid="server-switcher"
          className="h-7 min-w-0 flex-1 truncate rounded-md border-0 bg-transparent pr-6 text-[13px] font-semibold outline-none hover:bg-zinc-50 focus:ring-2 focus:ring-indigo-500/20 dark:hover:bg-zinc-900"
        >
          {servers.length === 0 && <option value={serverId}>{current?.name ?? serverId}</option>}
          {servers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.status})
            </option>
          ))}
        </select>
        <Link href="/servers" className="text-xs text-zinc-600 hover:text-indigo-600 dark:text-zinc-400" title="Manage servers">
          Manage
        </Link>
      </div>
      {current && (
        <div className="mt-1 flex items-center gap-2 pl-4 text-[11px] text-zinc-600 dark:text-zinc-400">
          <span className="font-mono">{current.protocolVersion ?? "—"}</span>
          <span aria-hidden>·</span>
          <span>{current.activeTransport ?? current.transport}</span>
          <TrustToggle server={current} onChanged={reload} />
          <span className="ml-auto" title={live ? "Live: list changes arrive as they happen" : "Live updates disconnected"}>
            {live ? "● live" : "○ offline"}
          </span>
        </div>
      )}
    </div>
  );
}
