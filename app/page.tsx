import type { ReactNode } from "react";
import { Welcome } from "@/components/home/welcome";
import { permissionsOf } from "@/lib/domain/roles";
import { pageCaller } from "@/lib/http/page-caller";
import { listServerSnapshots } from "@/lib/mcp/servers";

export const dynamic = "force-dynamic";

export default async function Home(): Promise<ReactNode> {
  const caller = await pageCaller();
  const servers = await listServerSnapshots(caller);
  const permissions = permissionsOf(caller);
  return <Welcome servers={servers} canManage={permissions.includes("servers:manage")} canAudit={permissions.includes("audit:read")} />;
}
