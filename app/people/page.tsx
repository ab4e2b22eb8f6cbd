import type { Metadata } from "next";
import type { ReactNode } from "react";
import { PeoplePanel } from "@/components/people/people-panel";
import { appConfig } from "@/lib/config/env";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "People" };

export default function PeoplePage(): ReactNode {
  return (
    <div className="h-full overflow-y-auto">
      <PeoplePanel ssoName={appConfig().auth.oidc?.name ?? null} />
    </div>
  );
}
