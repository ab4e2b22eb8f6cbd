import { Suspense, type ReactNode } from "react";
import { CatalogProvider } from "@/components/catalog/catalog-context";
import { ToolList } from "@/components/catalog/tool-list";
import { OAuthReturnNotice } from "@/components/servers/oauth-return-notice";

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
        <main className="min-h-0 min-w-0 flex-1 overflow-y-auto">
          <Suspense>
            <OAuthReturnNotice />
          </Suspense>
          {children}
        </main>
      </div>
    </CatalogProvider>
  );
}
