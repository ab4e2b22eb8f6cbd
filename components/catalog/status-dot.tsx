import type { ReactNode } from "react";
import type { ServerStatus } from "@/lib/domain/mcp-types";

const COLOR: Record<ServerStatus, string> = {
  ready: "bg-emerald-500",
  connecting: "bg-amber-400 animate-pulse",
  failed: "bg-rose-500",
  unauthorized: "bg-sky-500",
  closed: "bg-zinc-400",
};

const LABEL: Record<ServerStatus, string> = {
  ready: "ready",
  connecting: "connecting",
  failed: "failed",
  unauthorized: "authorization required",
  closed: "closed",
};

export function StatusDot({ status }: { status: ServerStatus }): ReactNode {
  return (
    <span role="img" aria-label={LABEL[status]} title={LABEL[status]} className={`inline-block size-2 rounded-full ${COLOR[status]}`} />
  );
}
