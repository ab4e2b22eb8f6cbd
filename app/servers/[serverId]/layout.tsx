import type { ReactNode } from "react";
import { CatalogProvider } from "@/components/catalog/catalog-context";
import { ToolList } from "@/components/catalog/tool-list";

export default async function ServerLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ serverId: string }>;
}): Promise<ReactNode> {
  const { serverId } = await params;
  return (
    <CatalogProvider serverId={serverId}>
      <div className="flex h-full min-h-0">
        <ToolList />
        <main className="min-h-0 min-w-0 flex-1 overflow-y-auto">{children}</main>
      </div>
    </CatalogProvider>
  );
}
