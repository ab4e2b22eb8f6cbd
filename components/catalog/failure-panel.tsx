"use client";

// A failed server's page leads with what failed and what to do: the reason in one line, since
// when (the first failure, not the latest retry), when it last worked, Retry and Edit, and for
// a command, what it said on stderr.
import { Button } from "@/components/ui/button";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useCan } from "@/components/auth/viewer";
import { StderrTail } from "@/components/servers/stderr-tail";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import type { ServerSnapshot } from "@/lib/domain/mcp-types";
import { ErrorNote } from "@/components/ui/error-note";

function When({ iso, none }: { iso: string | null; none: string }): ReactNode {
  if (!iso) return none;
  return <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;
}

function Fact({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <div className="flex gap-2">
      <dt className="w-32 shrink-0 text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** Where a server's config is changed: the form for servers added here, the file or nowhere for the rest. */
function EditAction({ server }: { server: ServerSnapshot }): ReactNode {
  if (server.source === "database")
    return (
      <Link href={`/servers?edit=${encodeURIComponent(server.id)}`} className={BUTTON_SECONDARY} data-testid="failure-edit">
        Edit
      </Link>
    );
  if (server.source === "file")
    return <span className="text-xs text-zinc-600 dark:text-zinc-400">Defined in mcp.json: change it there.</span>;
  return null;
}

export function FailurePanel({ server }: { server: ServerSnapshot }): ReactNode {
  const canRetry = useCan("tools:call");
  const canManage = useCan("servers:manage");
  const [retrying, setRetrying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const retry = async (): Promise<void> => {
    setRetrying(true);
    setError(null);
    try {
      // The new state arrives on the server's event stream too; this answer only ends the wait.
      await api("POST /api/servers/:serverId/reconnect", { params: { serverId: server.id } });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setRetrying(false);
    }
  };
  const connecting = retrying || server.status === "connecting";
  return (
    <section
      aria-labelledby="failure-title"
      className="mt-6 rounded-lg border border-rose-200 bg-rose-50/60 px-4 py-3 dark:border-rose-900 dark:bg-rose-950/30"
      data-testid="failure-panel"
    >
      <h2 id="failure-title" className="text-sm font-semibold text-rose-800 dark:text-rose-300">
        {connecting ? "Connecting again…" : "Could not connect"}
      </h2>
      <p role="alert" className="mt-1 text-[13px] break-words text-zinc-900 dark:text-zinc-100" data-testid="failure-error">
        {server.error ?? "The connection failed."}
      </p>
      <dl className="mt-3 space-y-1 text-[13px]">
        <Fact label="Failing since">
          <span data-testid="failure-since">
            <When iso={server.failedAt} none="—" />
          </span>
        </Fact>
        <Fact label="Last connected">
          <span data-testid="failure-last-connected">
            <When iso={server.lastConnectedAt} none="never, since Toolscope started" />
          </span>
        </Fact>
        {server.retryAt && (
          <Fact label="Next attempt">
            <When iso={server.retryAt} none="—" /> (by itself)
          </Fact>
        )}
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {canRetry && (
          <Button className={BUTTON_PRIMARY} isDisabled={connecting} onPress={() => void retry()} data-testid="failure-retry">
            {connecting ? "Retrying…" : "Retry"}
          </Button>
        )}
        {canManage && <EditAction server={server} />}
      </div>
      <ErrorNote message={error} className="mt-2" />
      {canManage && server.transport === "stdio" && (
        <div className="mt-4">
          <StderrTail serverId={server.id} refreshKey={`${server.status} ${server.retryAt}`} />
        </div>
      )}
    </section>
  );
}
