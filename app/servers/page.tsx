import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ServerManager } from "@/components/servers/server-manager";

export const metadata: Metadata = { title: "Servers" };

/** `?edit={id}`: opens with that server's form (a failed server's page links here). */
export default async function ServersPage({ searchParams }: { searchParams: Promise<{ edit?: string | string[] }> }): Promise<ReactNode> {
  const { edit } = await searchParams;
  return (
    <div className="h-full overflow-y-auto">
      <ServerManager editId={typeof edit === "string" ? edit : undefined} />
    </div>
  );
}
