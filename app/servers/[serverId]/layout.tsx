import { Suspense, type ReactNode } from "react";
import { CatalogProvider } from "@/components/catalog/catalog-context";
import { CatalogShell } from "@/components/catalog/catalog-shell";
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
      <CatalogShell>
        <Suspense>
          <OAuthReturnNotice />
        </Suspense>
        {children}
      </CatalogShell>
    </CatalogProvider>
  );
}
