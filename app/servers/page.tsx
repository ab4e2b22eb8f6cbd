import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ServerManager } from "@/components/servers/server-manager";

export const metadata: Metadata = { title: "Servers" };

export default function ServersPage(): ReactNode {
  return (
    <div className="h-full overflow-y-auto">
      <ServerManager />
    </div>
  );
}
